import { z } from 'zod'
import { emailField, passwordField, passwordsMatch, plainText, requiredText } from './fields'

const roleReference = z.object({
  type: z.literal('roles', { error: 'Невірний тип ролі' }),
  id: z.string({ error: 'Оберіть роль' }).trim().min(1, { error: 'Оберіть роль' }),
})

const userFields = z.object({
  name: requiredText("Введіть ім'я", { length: 100, message: "Ім'я має бути не довшим за 100 символів" }),
  email: emailField({ required: "Email обов'язковий!", invalid: 'Має бути дійсний email!' }),
  password: passwordField({
    required: 'Необхідно ввести пароль!',
    tooShort: 'Пароль має бути не менше 8 символів!',
  }),
  password_confirmation: z.string({ error: 'Підтвердіть пароль' }),
  roles: z.array(roleReference, { error: 'Оберіть роль' }).min(1, { error: 'Оберіть роль' }),
  profile_image: plainText('Некоректне зображення профілю').nullable().optional(),
})

export const userCreateSchema = userFields.refine(...passwordsMatch('Паролі мають збігатися'))

/** Any subset may be sent; a new password still needs its confirmation. */
export const userUpdateSchema = userFields.partial().refine(...passwordsMatch('Паролі мають збігатися'))

export type UserCreateInput = z.input<typeof userCreateSchema>
export type UserCreateData = z.infer<typeof userCreateSchema>
export type UserUpdateInput = z.input<typeof userUpdateSchema>
export type UserUpdateData = z.infer<typeof userUpdateSchema>
