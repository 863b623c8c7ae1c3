import { z } from 'zod'
import { msg } from '../i18n/message'
import { languageSchema } from '../languages'
import { emailField, passwordField, passwordsMatch, requiredText } from './fields'

const loginEmail = emailField({
  required: msg('validation.email.required'),
  invalid: msg('validation.email.invalid'),
})

export const loginSchema = z.object({
  email: loginEmail,
  password: z
    .string({ error: msg('validation.password.required') })
    .min(1, { error: msg('validation.password.required') }),
  remember: z.boolean().optional().default(true),
})

const accountFields = {
  name: requiredText(msg('validation.account.loginRequired'), {
    length: 100,
    message: msg('validation.account.loginTooLong'),
  }),
  email: loginEmail,
  password: passwordField({
    required: msg('validation.password.required'),
    tooShort: msg('validation.password.tooShort'),
  }),
  password_confirmation: z.string({ error: msg('validation.password.confirm') }),
  /** The language chosen before signing up (the browser's); 'uk' when absent. */
  language: languageSchema.optional(),
}

const INVITATION_LINK_INVALID = msg('validation.account.invitationInvalid')

export const registerSchema = z
  .object({
    ...accountFields,
    /**
     * The secret of a mailed invitation this sign-up comes from: with the invited address, the account starts with
     * that address proven and the invitation accepted (ADR 048).
     */
    invitation_token: z
      .string({ error: INVITATION_LINK_INVALID })
      .min(1, { error: INVITATION_LINK_INVALID })
      .max(200, { error: INVITATION_LINK_INVALID })
      .optional(),
  })
  .refine(...passwordsMatch(msg('validation.password.mismatch')))

const SETUP_LINK_INVALID = msg('validation.account.setupLinkInvalid')
/** The secret of the one-time setup link printed at the first start of a real installation (ADR 044). */
const setupToken = z
  .string({ error: SETUP_LINK_INVALID })
  .min(1, { error: SETUP_LINK_INVALID })
  .max(200, { error: SETUP_LINK_INVALID })

/** POST /setup/check: does the printed link still work? */
export const setupCheckSchema = z.object({ token: setupToken })

/** POST /setup: the installation's first administrator, from the printed link. */
export const setupAdminSchema = z
  .object({ ...accountFields, token: setupToken })
  .refine(...passwordsMatch(msg('validation.password.mismatch')))

/** The register form also asks to accept the terms; the server never receives that field. */
export const registerFormSchema = z
  .object({
    ...registerSchema.shape,
    terms: z.literal(true, { error: msg('validation.account.acceptTerms') }),
  })
  .refine(...passwordsMatch(msg('validation.password.mismatch')))

export const passwordForgotSchema = z.object({
  email: emailField({ required: msg('validation.email.required'), invalid: msg('validation.email.unknown') }),
  /** Where the mailed link leads; used only on an allowed origin, otherwise the link leads to the app's own address. */
  redirect_url: z
    .url({ protocol: /^https?$/, error: msg('validation.account.resetAddressInvalid') })
    .optional(),
})

export const passwordResetSchema = z
  .object({
    email: loginEmail,
    token: requiredText(msg('validation.account.resetLinkInvalid')),
    password: passwordField({
      required: msg('validation.password.resetRequired'),
      tooShort: msg('validation.password.resetTooShort'),
    }),
    password_confirmation: z.string({ error: msg('validation.password.confirm') }),
  })
  .refine(...passwordsMatch(msg('validation.password.resetMismatch')))

export type LoginInput = z.input<typeof loginSchema>
export type LoginData = z.infer<typeof loginSchema>
export type RegisterInput = z.input<typeof registerSchema>
export type RegisterData = z.infer<typeof registerSchema>
export type SetupAdminInput = z.input<typeof setupAdminSchema>
export type RegisterFormInput = z.input<typeof registerFormSchema>
export type PasswordForgotInput = z.input<typeof passwordForgotSchema>
export type PasswordForgotData = z.infer<typeof passwordForgotSchema>
export type PasswordResetInput = z.input<typeof passwordResetSchema>
export type PasswordResetData = z.infer<typeof passwordResetSchema>
