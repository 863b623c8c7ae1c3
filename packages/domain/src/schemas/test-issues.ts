import type { z } from 'zod'

/** Test aid: the messages of a failed parse grouped by field path ('' for the whole value). */
export function issuesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const byField: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.')
    byField[field] = [...(byField[field] ?? []), issue.message]
  }
  return byField
}
