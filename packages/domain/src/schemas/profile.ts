import { z } from 'zod'
import { emailField, passwordField, passwordsMatch, requiredText } from './fields'

const newPassword = passwordField({
  required: 'Введіть новий пароль',
  tooShort: 'Пароль має бути не менше 8 символів!',
})

export const profileNameSchema = z.object({
  name: requiredText("Введіть ім'я", { length: 100, message: "Ім'я має бути не довшим за 100 символів" }),
})

export const profilePasswordSchema = z
  .object({
    current_password: z
      .string({ error: 'Введіть поточний пароль' })
      .min(1, { error: 'Введіть поточний пароль' }),
    password: newPassword,
    password_confirmation: z.string({ error: 'Підтвердіть новий пароль' }),
  })
  .refine(...passwordsMatch('Паролі мають збігатися'))

export const profileEmailSchema = z.object({
  email: emailField({ required: "Email обов'язковий!", invalid: 'Має бути дійсний email!' }),
})

/** The current password is confirmed before an e-mail change (spec §5). */
export const checkPasswordSchema = z.object({
  password: z.string({ error: 'Введіть поточний пароль' }).min(1, { error: 'Введіть поточний пароль' }),
})

/**
 * Deleting one's own account asks for the current password, checked by the server (ADR 006), unless this session
 * confirmed it within the last minutes (ADR 034).
 */
export const accountDeleteSchema = z.object({
  current_password: z
    .string({ error: 'Введіть поточний пароль' })
    .min(1, { error: 'Введіть поточний пароль' })
    .optional(),
})

/** A token from a mailed address link (verification, new address, undo). */
export const emailLinkSchema = z.object({
  token: z
    .string({ error: 'Посилання недійсне або застаріло: попросіть надіслати нове' })
    .min(1, { error: 'Посилання недійсне або застаріло: попросіть надіслати нове' })
    .max(200, { error: 'Посилання недійсне або застаріло: попросіть надіслати нове' }),
})
export type EmailLinkInput = z.input<typeof emailLinkSchema>

export type AccountDeleteInput = z.input<typeof accountDeleteSchema>
export type ProfileNameInput = z.input<typeof profileNameSchema>
export type ProfileNameData = z.infer<typeof profileNameSchema>
export type ProfilePasswordInput = z.input<typeof profilePasswordSchema>
export type ProfilePasswordData = z.infer<typeof profilePasswordSchema>
export type ProfileEmailInput = z.input<typeof profileEmailSchema>
export type ProfileEmailData = z.infer<typeof profileEmailSchema>
export type CheckPasswordInput = z.input<typeof checkPasswordSchema>
export type CheckPasswordData = z.infer<typeof checkPasswordSchema>
