import { z } from 'zod'
import { ITEM_STATUSES } from '../item-status'
import { idField, plainText, requiredText } from './fields'

export const DEFAULT_ITEM_NAME = 'Пристрій 1'

const SERIAL_NUMBER_MESSAGE = 'Будь ласка, введіть коректний серійний номер'
const CATEGORY_MESSAGE = 'Будь ласка, виберіть тип пристрою'

const itemName = requiredText('Введіть назву пристрою', {
  length: 100,
  message: 'Назва пристрою має бути не довшою за 100 символів',
})
const owner = requiredText('Вкажіть власника пристрою', {
  length: 100,
  message: "Ім'я власника має бути не довшим за 100 символів",
})
const description = plainText('Адреса має бути текстом', { multiline: true })
  .trim()
  .max(1000, { error: 'Адреса має бути не довшою за 1000 символів' })
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
  user_id: idField('Оберіть власника').optional(),
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
  is_on_homepage: z.boolean({ error: 'Синхронізація має бути увімкнена або вимкнена' }).optional(),
  status: z.enum(ITEM_STATUSES, { error: 'Невідомий статус пристрою' }).optional(),
})

export type ItemCreateInput = z.input<typeof itemCreateSchema>
export type ItemCreateData = z.infer<typeof itemCreateSchema>
export type ItemManageInput = z.input<typeof itemManageSchema>
export type ItemManageData = z.infer<typeof itemManageSchema>

const CODE_MISSING = 'Введіть код підтвердження'

/** The 4-character pairing code as typed or sent by a controller (digits may arrive as a number). */
export const verificationCodeSchema = z
  .union([z.string(), z.number()], { error: CODE_MISSING })
  .transform((token) => String(token).trim())
  .pipe(plainText().min(1, { error: CODE_MISSING }).max(32, { error: 'Код підтвердження надто довгий' }))

/** POST /items/verify: does this serial await a code? */
export const itemVerifySchema = z.object({ serial_number: serialNumberSchema })

/** POST /items/verify-token: the controller proves its code. */
export const itemVerifyTokenSchema = z.object({
  serial_number: serialNumberSchema,
  token: verificationCodeSchema,
})

/** How many controllers one batch registers at most (POST /items/batch). */
export const ITEM_BATCH_MAX = 500

const DUPLICATE_SERIAL_MESSAGE = 'Серійний номер повторюється в цьому списку'

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
    .array(serialNumberSchema, { error: 'Вкажіть список серійних номерів' })
    .min(1, { error: 'Вкажіть хоча б один серійний номер' })
    .max(ITEM_BATCH_MAX, { error: `Не більше ${ITEM_BATCH_MAX} серійних номерів за раз` })
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
