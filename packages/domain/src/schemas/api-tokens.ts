import { z } from 'zod'
import { msg } from '../i18n/message'
import { idField, requiredText } from './fields'

// Personal API tokens (ADR 060): what a token may do and the body that makes one.

/** `read`: devices, history, consumption, alarms; `control`: also settings, on/off, schedule (it implies read). */
export const API_TOKEN_SCOPES = ['read', 'control'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

/** Every personal API token starts with it, so the server (and secret scanners) can tell one from a session. */
export const API_TOKEN_PREFIX = 'teplo_pat_'

export const API_TOKEN_LIMITS = {
  name: { max: 60 },
  items: { max: 100 },
  /** Tokens one account may hold. */
  perAccount: 20,
  /** How far ahead an expiry may be. */
  expiryDays: 3650,
} as const

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/** An instant with its zone, in the future and at most API_TOKEN_LIMITS.expiryDays ahead. */
const expiresAt = z
  .string({ error: msg('validation.apiTokens.expiresFormat') })
  .transform((text, context) => {
    const at = INSTANT.test(text) ? new Date(text) : new Date(Number.NaN)
    if (Number.isNaN(at.getTime())) {
      context.addIssue({ code: 'custom', message: msg('validation.apiTokens.expiresFormat') })
      return z.NEVER
    }
    const now = Date.now()
    if (at.getTime() <= now) {
      context.addIssue({ code: 'custom', message: msg('validation.apiTokens.expiresPast') })
      return z.NEVER
    }
    if (at.getTime() > now + API_TOKEN_LIMITS.expiryDays * 86_400_000) {
      context.addIssue({
        code: 'custom',
        message: msg('validation.apiTokens.expiresTooFar', { days: API_TOKEN_LIMITS.expiryDays }),
      })
      return z.NEVER
    }
    return at
  })

const SCOPES_REQUIRED = msg('validation.apiTokens.scopesRequired')

/** POST /me/api-tokens. */
export const apiTokenCreateSchema = z.object({
  name: requiredText(msg('validation.apiTokens.nameRequired'), {
    length: API_TOKEN_LIMITS.name.max,
    message: msg('validation.apiTokens.nameTooLong', { max: API_TOKEN_LIMITS.name.max }),
  }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: SCOPES_REQUIRED }), { error: SCOPES_REQUIRED })
    .min(1, { error: SCOPES_REQUIRED })
    .max(API_TOKEN_SCOPES.length, { error: SCOPES_REQUIRED }),
  /** The devices it may reach; omitted or null: every device the account can reach, now and later. */
  item_ids: z
    .array(idField(msg('validation.apiTokens.itemRequired')))
    .min(1, { error: msg('validation.apiTokens.itemRequired') })
    .max(API_TOKEN_LIMITS.items.max, {
      error: msg('validation.apiTokens.itemsTooMany', { max: API_TOKEN_LIMITS.items.max }),
    })
    .nullish(),
  /** Omitted or null: it does not expire. */
  expires_at: expiresAt.nullish(),
  /** The recent re-authentication (ADR 034): the password here, or a check-password within 5 minutes. */
  current_password: z
    .string({ error: msg('validation.password.current') })
    .min(1, { error: msg('validation.password.current') })
    .optional(),
})
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>

/** The scopes as stored and answered: `control` always carries `read`. */
export function normaliseScopes(scopes: readonly ApiTokenScope[]): ApiTokenScope[] {
  return scopes.includes('control') ? ['read', 'control'] : ['read']
}
