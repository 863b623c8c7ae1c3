import { z } from 'zod'
import { plainText, requiredText } from './fields'

export const roleSchema = z.object({
  name: requiredText('Введіть назву ролі', {
    length: 50,
    message: 'Назва ролі має бути не довшою за 50 символів',
  }),
})

export const tagSchema = z.object({
  name: requiredText('Введіть назву тегу', {
    length: 50,
    message: 'Назва тегу має бути не довшою за 50 символів',
  }),
  color: z
    .string({ error: 'Оберіть колір' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Колір має бути у форматі #rrggbb' }),
})

export const categorySchema = z.object({
  name: requiredText('Введіть назву категорії', {
    length: 100,
    message: 'Назва категорії має бути не довшою за 100 символів',
  }),
  description: plainText('Опис має бути текстом', { multiline: true })
    .trim()
    .max(1000, { error: 'Опис має бути не довшим за 1000 символів' })
    .optional(),
})

export type RoleInput = z.input<typeof roleSchema>
export type RoleData = z.infer<typeof roleSchema>
export type TagInput = z.input<typeof tagSchema>
export type TagData = z.infer<typeof tagSchema>
export type CategoryInput = z.input<typeof categorySchema>
export type CategoryData = z.infer<typeof categorySchema>
