import { z } from 'zod'
import { msg } from '../i18n/message'
import { emailField, passwordField, passwordsMatch, plainText, requiredText } from './fields'

const roleReference = z.object({
  type: z.literal('roles', { error: msg('validation.users.roleInvalid') }),
  id: z
    .string({ error: msg('validation.users.roleRequired') })
    .trim()
    .min(1, { error: msg('validation.users.roleRequired') }),
})

const userFields = z.object({
  name: requiredText(msg('validation.account.nameRequired'), {
    length: 100,
    message: msg('validation.account.nameTooLong'),
  }),
  email: emailField({ required: msg('validation.email.required'), invalid: msg('validation.email.invalid') }),
  password: passwordField({
    required: msg('validation.password.required'),
    tooShort: msg('validation.password.tooShort'),
  }),
  password_confirmation: z.string({ error: msg('validation.password.confirm') }),
  roles: z
    .array(roleReference, { error: msg('validation.users.roleRequired') })
    .min(1, { error: msg('validation.users.roleRequired') }),
  profile_image: plainText(msg('validation.users.pictureInvalid')).nullable().optional(),
})

export const userCreateSchema = userFields.refine(...passwordsMatch(msg('validation.password.mismatch')))

/** Any subset may be sent; a new password still needs its confirmation. */
export const userUpdateSchema = userFields
  .partial()
  .refine(...passwordsMatch(msg('validation.password.mismatch')))

export type UserCreateInput = z.input<typeof userCreateSchema>
export type UserCreateData = z.infer<typeof userCreateSchema>
export type UserUpdateInput = z.input<typeof userUpdateSchema>
export type UserUpdateData = z.infer<typeof userUpdateSchema>
