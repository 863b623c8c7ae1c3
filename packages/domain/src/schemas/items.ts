import { z } from 'zod'
import { msg } from '../i18n/message'
import { ITEM_STATUSES } from '../item-status'
import { idField, plainText, requiredText } from './fields'

export const DEFAULT_ITEM_NAME = 'Пристрій 1'

const SERIAL_NUMBER_MESSAGE = msg('validation.items.serialInvalid')
const CATEGORY_MESSAGE = msg('validation.items.categoryRequired')

const itemName = requiredText(msg('validation.items.nameRequired'), {
  length: 100,
  message: msg('validation.items.nameTooLong'),
})
const owner = requiredText(msg('validation.items.ownerNameRequired'), {
  length: 100,
  message: msg('validation.items.ownerNameTooLong'),
})
const description = plainText(msg('validation.items.addressText'), { multiline: true })
  .trim()
  .max(1000, { error: msg('validation.items.addressTooLong') })
const categoryId = idField(CATEGORY_MESSAGE)

/** Digits only and above zero; kept as a string because serials outgrow safe integers and keep leading zeros. */
export const serialNumberSchema = z
  .union([z.string(), z.number()], { error: SERIAL_NUMBER_MESSAGE })
  .transform((serial) => String(serial).trim())
  .pipe(
    z
      .string()
      .max(32, { error: SERIAL_NUMBER_MESSAGE })
      .regex(/^0*[1-9]\d*$/, { error: SERIAL_NUMBER_MESSAGE }),
  )

export const itemCreateSchema = z.object({
  name: itemName.default(DEFAULT_ITEM_NAME),
  /** The owner's name; taken from the account when `user` names one. */
  owner: owner.optional(),
  /** The owner's account (relationship `user`); absent: the installer's own, to be handed over later. */
  user_id: idField(msg('validation.items.ownerRequired')).optional(),
  serial_number: serialNumberSchema,
  description: description.default(''),
  category_id: categoryId,
})

/** Device edit screen: any subset; the serial number is read-only there. */
export const itemManageSchema = z.object({
  name: itemName.optional(),
  owner: owner.optional(),
  description: description.optional(),
  category_id: categoryId.optional(),
  is_on_homepage: z.boolean({ error: msg('validation.items.syncOnOff') }).optional(),
  status: z.enum(ITEM_STATUSES, { error: msg('validation.items.statusUnknown') }).optional(),
})

export type ItemCreateInput = z.input<typeof itemCreateSchema>
export type ItemCreateData = z.infer<typeof itemCreateSchema>
export type ItemManageInput = z.input<typeof itemManageSchema>
export type ItemManageData = z.infer<typeof itemManageSchema>

const CODE_MISSING = msg('validation.items.codeRequired')

/** The 4-character pairing code as typed or sent by a controller (digits may arrive as a number). */
export const verificationCodeSchema = z
  .union([z.string(), z.number()], { error: CODE_MISSING })
  .transform((token) => String(token).trim())
  .pipe(
    plainText()
      .min(1, { error: CODE_MISSING })
      .max(32, { error: msg('validation.items.codeTooLong') }),
  )

/** POST /items/verify: does this serial await a code? */
export const itemVerifySchema = z.object({ serial_number: serialNumberSchema })

/** POST /items/verify-token: the controller proves its code. */
export const itemVerifyTokenSchema = z.object({
  serial_number: serialNumberSchema,
  token: verificationCodeSchema,
})

/** How many controllers one batch registers at most (POST /items/batch). */
export const ITEM_BATCH_MAX = 500

const DUPLICATE_SERIAL_MESSAGE = msg('validation.items.serialRepeated')

/**
 * POST /items/batch (administrators): controllers registered and paired at once at the factory. Each gets its
 * device-link secret in the answer; they stay on the caller's account under `owner` until handed over.
 */
export const itemBatchCreateSchema = z.object({
  /** The owner label of every device of the batch (a warehouse, a dealer). */
  owner,
  /** Each device's name; absent: «Пристрій <serial>». */
  name: itemName.optional(),
  category_id: categoryId,
  serial_numbers: z
    .array(serialNumberSchema, { error: msg('validation.items.serialsRequired') })
    .min(1, { error: msg('validation.items.serialsEmpty') })
    .max(ITEM_BATCH_MAX, { error: msg('validation.items.serialsTooMany', { max: ITEM_BATCH_MAX }) })
    .superRefine((serials, context) => {
      const seen = new Set<string>()
      for (const [index, serial] of serials.entries()) {
        if (seen.has(serial))
          context.addIssue({ code: 'custom', path: [index], message: DUPLICATE_SERIAL_MESSAGE })
        seen.add(serial)
      }
    }),
})

export type ItemBatchCreateInput = z.input<typeof itemBatchCreateSchema>
export type ItemBatchCreateData = z.infer<typeof itemBatchCreateSchema>
