import { z } from 'zod'
import { ACCESS_LEVELS } from '../access-levels'
import { ROLE_NAMES } from '../roles'
import { documentSchema, resourceSchema, wireDate } from './document'

/** POST /login, /register, /password/reset. */
export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
})

/** POST /register: the session, and the invitation the sign-up accepted when it came through one (ADR 048). */
export const registerResponseSchema = tokenResponseSchema.extend({
  invitation: z
    .object({
      item_id: z.string(),
      item_name: z.string(),
      access: z.enum(ACCESS_LEVELS),
    })
    .optional(),
})

export const helpRequestResourceSchema = resourceSchema('help-requests', {
  name: z.string(),
  problem: z.string(),
  created_at: wireDate,
  emailed_at: wireDate.nullable(),
})
export const helpRequestDocumentSchema = documentSchema(helpRequestResourceSchema)

export const supportDocumentSchema = z.object({
  data: z.object({
    type: z.literal('support'),
    id: z.literal('1'),
    attributes: z.object({ phone: z.string(), email: z.string() }),
  }),
})

/**
 * GET /demo-logins: the demo accounts that still sign in with their published passwords (an empty list on a real
 * installation). The sign-in form offers them; nothing else does.
 */
export const demoLoginsDocumentSchema = z.object({
  data: z.object({
    type: z.literal('demo-logins'),
    id: z.literal('1'),
    attributes: z.object({
      demo: z.boolean(),
      accounts: z.array(z.object({ role: z.enum(ROLE_NAMES), email: z.string(), password: z.string() })),
    }),
  }),
})
export type DemoLoginsDocument = z.infer<typeof demoLoginsDocumentSchema>

/**
 * GET /installation (admins): whether this is a demo installation (DEMO), and the accounts that still sign in with
 * a published demo password — a real site's open door until their passwords change or they are deleted (ADR 044).
 */
export const installationDocumentSchema = z.object({
  data: z.object({
    type: z.literal('installation'),
    id: z.literal('1'),
    attributes: z.object({
      demo: z.boolean(),
      published_password_accounts: z.array(z.object({ role: z.enum(ROLE_NAMES), email: z.string() })),
    }),
  }),
})
export type InstallationDocument = z.infer<typeof installationDocumentSchema>

/** POST /uploads/…: where the stored picture is served. */
export const uploadResponseSchema = z.object({ url: z.string() })

/** The multipart form of the picture uploads (field `attachment`: JPEG, PNG, WebP or GIF up to 2 MB). */
export const uploadRequestSchema = z.object({
  attachment: z.string().meta({ format: 'binary', description: 'JPEG, PNG, WebP or GIF, up to 2 MB' }),
})

/**
 * POST /email-verification and /email-change/undo: what the opened link did — `verify` proved the address,
 * `change` made it the account's, `undo` put it back (and `signed_out`: every session ended).
 */
export const emailLinkResultDocumentSchema = z.object({
  data: z.object({
    type: z.literal('email-links'),
    id: z.literal('1'),
    attributes: z.object({
      purpose: z.enum(['verify', 'change', 'undo']),
      email: z.string(),
      signed_out: z.boolean(),
    }),
  }),
})
export type EmailLinkResultDocument = z.infer<typeof emailLinkResultDocumentSchema>
