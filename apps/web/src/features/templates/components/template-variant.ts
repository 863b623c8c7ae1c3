export const TEMPLATE_KINDS = ['signin', 'signup', 'reset', 'verification', 'lock'] as const
export const TEMPLATE_VARIANTS = ['basic', 'cover', 'illustration'] as const

export type TemplateKind = (typeof TEMPLATE_KINDS)[number]
export type TemplateVariant = (typeof TEMPLATE_VARIANTS)[number]

export function templatePath(kind: TemplateKind, variant: TemplateVariant): string {
  return `/authentication/${kind}/${variant}`
}
