import { checkPasswordSchema, profileEmailSchema } from '@teplo/domain'
import { z } from 'zod'

/** The e-mail form asks for the current password too: it is checked before the change (spec §5). */
export const emailChangeSchema = z.object({
  current_password: checkPasswordSchema.shape.password,
  email: profileEmailSchema.shape.email,
})

export type EmailChangeInput = z.input<typeof emailChangeSchema>
export type EmailChangeData = z.output<typeof emailChangeSchema>
