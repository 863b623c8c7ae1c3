import { z } from 'zod'
import { firmwareVersion } from '../device-protocol/wire-fields'
import { msg } from '../i18n/message'
import { idField, plainText } from './fields'

/** Largest firmware image an administrator may upload. */
export const MAX_FIRMWARE_BYTES = 16 * 1024 * 1024
export const MAX_FIRMWARE_NOTES_LENGTH = 2000

export const FIRMWARE_VERSION_MESSAGE = msg('validation.firmware.versionFormat')

/** The text fields of a firmware upload (the multipart form's fields besides the file). */
export const firmwareUploadFieldsSchema = z.object({
  category_id: idField(msg('validation.firmware.categoryRequired')),
  version: z
    .string({ error: msg('validation.firmware.versionRequired') })
    .trim()
    .min(1, { error: msg('validation.firmware.versionRequired') })
    // Blank is answered once, by min.
    .refine((value) => value === '' || firmwareVersion.safeParse(value).success, {
      error: FIRMWARE_VERSION_MESSAGE,
    }),
  notes: plainText(msg('validation.firmware.notesText'), { multiline: true })
    .trim()
    .max(MAX_FIRMWARE_NOTES_LENGTH, {
      error: msg('validation.firmware.notesTooLong', { max: MAX_FIRMWARE_NOTES_LENGTH }),
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
    firmware_id: idField(msg('validation.firmware.firmwareRequired')),
    /** Devices to update (of the image's type); leave out and set `all` for every device of the type. */
    item_ids: z
      .array(idField(msg('validation.firmware.deviceInvalid')), {
        error: msg('validation.firmware.devicesRequired'),
      })
      .max(10_000, { error: msg('validation.firmware.tooManyDevices') })
      .optional(),
    all: z.boolean({ error: msg('validation.field.yesOrNo') }).optional(),
    /** Percent of the devices updated first; the rest only if none of them failed. Null or absent: all at once. */
    stage_percent: z
      .number({ error: msg('validation.field.number') })
      .int({ error: msg('validation.field.wholeNumber') })
      .min(1, { error: msg('validation.firmware.firstStage') })
      .max(99, { error: msg('validation.firmware.firstStage') })
      .nullable()
      .optional(),
  })
  .refine((body) => body.all === true || (body.item_ids?.length ?? 0) > 0, {
    error: msg('validation.firmware.devicesOrAll'),
    path: ['item_ids'],
  })

export type FirmwareRolloutCreate = z.infer<typeof firmwareRolloutCreateSchema>
