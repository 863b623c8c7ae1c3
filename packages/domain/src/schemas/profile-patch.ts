import { z } from 'zod'
import { msg } from '../i18n/message'
import { type Language, languageSchema } from '../languages'
import { profileEmailSchema, profileNameSchema, profilePasswordSchema } from './profile'

export type ProfileChange =
  | { kind: 'name'; name: string }
  | { kind: 'password'; currentPassword: string; password: string }
  | { kind: 'email'; email: string; currentPassword?: string | undefined }

/**
 * What PATCH me asks: at most one of the name, the password and the e-mail (`change`), and the account's
 * language, which may come alone or with any of them (a preference, not a credential).
 */
export type ProfileUpdate = { change: ProfileChange | null; language: Language | undefined }

/** The members PATCH me acts on; anything else an echoing client sends is ignored. */
export const PROFILE_PATCH_MEMBERS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'language',
] as const

const NOTHING_TO_CHANGE = msg('validation.account.changeWhat')
const ONE_AT_A_TIME = msg('validation.account.changeOne')

// An e-mail change may also carry the current password (the web checks it first via auth/check-password).
const emailChangeSchema = profileEmailSchema.extend({
  current_password: z
    .string({ error: msg('validation.password.current') })
    .min(1, msg('validation.password.current'))
    .optional(),
})

const present = (value: unknown) => value !== undefined

function variantOf(body: Record<string, unknown>): 'name' | 'password' | 'email' | 'none' | 'mixed' {
  const newPassword = present(body.password) || present(body.password_confirmation)
  const email = present(body.email)
  const password = newPassword || (present(body.current_password) && !email)
  const groups = [present(body.name) && 'name', password && 'password', email && 'email'].filter(
    (g): g is 'name' | 'password' | 'email' => Boolean(g),
  )
  if (groups.length === 0) return 'none'
  if (groups.length > 1) return 'mixed'
  return groups[0] ?? 'none'
}

function parseChange(variant: ProfileChange['kind'], body: unknown): ProfileChange | z.ZodError {
  if (variant === 'name') {
    const result = profileNameSchema.safeParse(body)
    return result.success ? { kind: 'name', name: result.data.name } : result.error
  }
  if (variant === 'password') {
    const result = profilePasswordSchema.safeParse(body)
    if (!result.success) return result.error
    return { kind: 'password', currentPassword: result.data.current_password, password: result.data.password }
  }
  const result = emailChangeSchema.safeParse(body)
  if (!result.success) return result.error
  return { kind: 'email', email: result.data.email, currentPassword: result.data.current_password }
}

// Typed loosely here so the variant's own schema gives the Ukrainian message; documented as text.
const attribute = (description: string) => z.unknown().optional().meta({ type: 'string', description })

// PATCH me carries at most one change and the language; each is checked with the domain's rules and Ukrainian messages.
export const profilePatchSchema = z
  .object({
    name: attribute('new name'),
    email: attribute('new e-mail (unique)'),
    current_password: attribute('current password (password change; optional with an e-mail change)'),
    password: attribute('new password, at least 8 characters'),
    password_confirmation: attribute('new password again'),
    language: languageSchema
      .optional()
      .meta({ description: "the account's language; may come with a change" }),
  })
  .transform((body, ctx): ProfileUpdate => {
    const { language, ...rest } = body
    const variant = variantOf(rest)
    if (variant === 'none' && language !== undefined) return { change: null, language }
    if (variant === 'none' || variant === 'mixed') {
      const message = variant === 'none' ? NOTHING_TO_CHANGE : ONE_AT_A_TIME
      ctx.issues.push({ code: 'custom', message, input: body, path: [] })
      return z.NEVER
    }
    const change = parseChange(variant, rest)
    if (change instanceof z.ZodError) {
      for (const { message, path } of change.issues)
        ctx.issues.push({ code: 'custom', message, path, input: body })
      return z.NEVER
    }
    return { change, language }
  })

/**
 * A client may send the whole account back with one member changed (JSON:API clients echo what they read).
 * Members equal to what is stored are dropped, so only what differs counts as the change.
 */
export function withoutUnchanged(
  body: Record<string, unknown>,
  current: { name: string; email: string; language: Language },
): Record<string, unknown> {
  const same = (key: string, stored: string, normalize: (text: string) => string) =>
    typeof body[key] === 'string' && normalize(body[key] as string) === normalize(stored)
  const kept = { ...body }
  if (same('name', current.name, (text) => text.trim())) delete kept.name
  if (same('email', current.email, (text) => text.trim().toLowerCase())) delete kept.email
  if (same('language', current.language, (text) => text)) delete kept.language
  return kept
}
