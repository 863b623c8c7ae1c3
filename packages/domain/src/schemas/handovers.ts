import { z } from 'zod'
import { msg } from '../i18n/message'
import { plainText } from './fields'
import { serialNumberSchema } from './items'

const CODE_MISSING = msg('validation.handover.codeRequired')

/** The owner code as typed: case, spaces and dashes do not count. */
export const ownerCodeSchema = z
  .union([z.string(), z.number()], { error: CODE_MISSING })
  .transform((code) => String(code).trim())
  .pipe(
    plainText()
      .min(1, { error: CODE_MISSING })
      .max(32, { error: msg('validation.handover.codeTooLong') }),
  )

/** POST /items/claim: a signed-in account takes over a paired device with its serial and the installer's code. */
export const itemClaimSchema = z.object({
  serial_number: serialNumberSchema,
  code: ownerCodeSchema,
})
export type ItemClaimInput = z.input<typeof itemClaimSchema>
