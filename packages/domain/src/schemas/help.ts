import { z } from 'zod'
import { requiredText } from './fields'

export const helpRequestSchema = z.object({
  name: requiredText("Будь ласка, введіть ваше ім'я", {
    length: 100,
    message: "Ім'я має бути не довшим за 100 символів",
  }),
  problem: requiredText(
    'Будь ласка, опишіть проблему',
    { length: 5000, message: 'Опис має бути не довшим за 5000 символів' },
    { multiline: true },
  ),
})

export type HelpRequestInput = z.input<typeof helpRequestSchema>
export type HelpRequestData = z.infer<typeof helpRequestSchema>
