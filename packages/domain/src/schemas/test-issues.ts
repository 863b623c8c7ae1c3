import type { z } from 'zod'
import { translateMessage } from '../i18n/messages'

/**
 * Test aid: the messages of a failed parse grouped by field path ('' for the whole value), rendered in Ukrainian
 * as a person reads them (the schemas carry keyed messages, ADR 055).
 */
export function issuesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const byField: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.')
    byField[field] = [...(byField[field] ?? []), translateMessage(issue.message, 'uk')]
  }
  return byField
}
