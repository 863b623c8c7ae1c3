import { z } from 'zod'
import { languageSchema } from '../languages'
import { emailField, passwordField, passwordsMatch, requiredText } from './fields'

const loginEmail = emailField({ required: "Email обов'язковий!", invalid: 'Має бути дійсний email!' })

export const loginSchema = z.object({
  email: loginEmail,
  password: z.string({ error: 'Необхідно ввести пароль!' }).min(1, { error: 'Необхідно ввести пароль!' }),
  remember: z.boolean().optional().default(true),
})

const accountFields = {
  name: requiredText('Введіть логін!', {
    length: 100,
    message: 'Логін має бути не довшим за 100 символів',
  }),
  email: loginEmail,
  password: passwordField({
    required: 'Необхідно ввести пароль!',
    tooShort: 'Пароль має бути не менше 8 символів!',
  }),
  password_confirmation: z.string({ error: 'Підтвердіть пароль' }),
  /** The language chosen before signing up (the browser's); 'uk' when absent. */
  language: languageSchema.optional(),
}

const INVITATION_LINK_INVALID = 'Запрошення недійсне: перевірте посилання з листа'

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
  .refine(...passwordsMatch('Паролі мають збігатися'))

const SETUP_LINK_INVALID = 'Посилання для налаштування недійсне або застаріло.'
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
  .refine(...passwordsMatch('Паролі мають збігатися'))

/** The register form also asks to accept the terms; the server never receives that field. */
export const registerFormSchema = z
  .object({
    ...registerSchema.shape,
    terms: z.literal(true, { error: 'Будь ласка, прийміть Правила та умови!' }),
  })
  .refine(...passwordsMatch('Паролі мають збігатися'))

export const passwordForgotSchema = z.object({
  email: emailField({ required: "Email обов'язковий!", invalid: 'Необіхдно вписати існуючий email!' }),
  /** Where the mailed link leads; used only on an allowed origin, otherwise the link leads to the app's own address. */
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'Некоректна адреса для посилання відновлення' })
    .optional(),
})

export const passwordResetSchema = z
  .object({
    email: loginEmail,
    token: requiredText('Посилання для відновлення пароля недійсне'),
    password: passwordField({
      required: "Пароль обов'язковий!",
      tooShort: 'Пароль повинен бути більше 8 символів!',
    }),
    password_confirmation: z.string({ error: 'Підтвердіть пароль' }),
  })
  .refine(...passwordsMatch('Паролі не однакові'))

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
