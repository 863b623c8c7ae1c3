import { z } from 'zod'
import { msg } from '../i18n/message'
import { plainText, requiredText } from './fields'

export const roleSchema = z.object({
  name: requiredText(msg('validation.catalogue.roleNameRequired'), {
    length: 50,
    message: msg('validation.catalogue.roleNameTooLong'),
  }),
})

export const tagSchema = z.object({
  name: requiredText(msg('validation.catalogue.tagNameRequired'), {
    length: 50,
    message: msg('validation.catalogue.tagNameTooLong'),
  }),
  color: z
    .string({ error: msg('validation.catalogue.colourRequired') })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: msg('validation.catalogue.colourFormat') }),
})

export const categorySchema = z.object({
  name: requiredText(msg('validation.catalogue.categoryNameRequired'), {
    length: 100,
    message: msg('validation.catalogue.categoryNameTooLong'),
  }),
  description: plainText(msg('validation.catalogue.descriptionText'), { multiline: true })
    .trim()
    .max(1000, { error: msg('validation.catalogue.descriptionTooLong') })
    .optional(),
})

export type RoleInput = z.input<typeof roleSchema>
export type RoleData = z.infer<typeof roleSchema>
export type TagInput = z.input<typeof tagSchema>
export type TagData = z.infer<typeof tagSchema>
export type CategoryInput = z.input<typeof categorySchema>
export type CategoryData = z.infer<typeof categorySchema>
