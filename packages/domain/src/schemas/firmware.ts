import { z } from 'zod'
import { firmwareVersion } from '../device-protocol/wire-fields'
import { idField, plainText } from './fields'

/** Largest firmware image an administrator may upload. */
export const MAX_FIRMWARE_BYTES = 16 * 1024 * 1024
export const MAX_FIRMWARE_NOTES_LENGTH = 2000

export const FIRMWARE_VERSION_MESSAGE =
  'Версія має виглядати як 1.4 або 1.4.2 (можна з позначкою: 1.5.0-rc1), до 32 символів'

/** The text fields of a firmware upload (the multipart form's fields besides the file). */
export const firmwareUploadFieldsSchema = z.object({
  category_id: idField('Оберіть тип пристрою'),
  version: z
    .string({ error: 'Вкажіть версію прошивки' })
    .trim()
    .min(1, { error: 'Вкажіть версію прошивки' })
    // Blank is answered once, by min.
    .refine((value) => value === '' || firmwareVersion.safeParse(value).success, {
      error: FIRMWARE_VERSION_MESSAGE,
    }),
  notes: plainText('Опис змін має бути текстом', { multiline: true })
    .trim()
    .max(MAX_FIRMWARE_NOTES_LENGTH, {
      error: `Опис змін має бути не довшим за ${MAX_FIRMWARE_NOTES_LENGTH} символів`,
    })
    .optional(),
})

export type FirmwareUploadFields = z.infer<typeof firmwareUploadFieldsSchema>

/** The multipart form of POST /firmware, for the API document. */
export const firmwareUploadRequestSchema = z.object({
  attachment: z.string().meta({ format: 'binary', description: `Firmware image (.bin), up to 16 MB` }),
  category_id: z.string().meta({ description: 'The device type (category) the image is for' }),
  version: z.string().meta({ description: 'Version, e.g. 1.4.2 or 1.5.0-rc1' }),
  notes: z.string().optional().meta({ description: 'Release notes' }),
})

/** POST /firmware-rollouts: one image to chosen devices of its type or to all of them, optionally staged. */
export const firmwareRolloutCreateSchema = z
  .object({
    firmware_id: idField('Оберіть прошивку'),
    /** Devices to update (of the image's type); leave out and set `all` for every device of the type. */
    item_ids: z
      .array(idField('Пристрій вказано неправильно'), { error: 'Оберіть пристрої' })
      .max(10_000, { error: 'Забагато пристроїв в одному оновленні' })
      .optional(),
    all: z.boolean({ error: 'Значення має бути так або ні' }).optional(),
    /** Percent of the devices updated first; the rest only if none of them failed. Null or absent: all at once. */
    stage_percent: z
      .number({ error: 'Введіть число' })
      .int({ error: 'Значення має бути цілим числом' })
      .min(1, { error: 'Перший етап: від 1 до 99 %' })
      .max(99, { error: 'Перший етап: від 1 до 99 %' })
      .nullable()
      .optional(),
  })
  .refine((body) => body.all === true || (body.item_ids?.length ?? 0) > 0, {
    error: 'Оберіть пристрої або всі пристрої цього типу',
    path: ['item_ids'],
  })

export type FirmwareRolloutCreate = z.infer<typeof firmwareRolloutCreateSchema>
