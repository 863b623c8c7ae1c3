import { MAX_FIRMWARE_BYTES, msg } from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import { HttpError, invalidField } from '../../lib/api-error.ts'
import { firmwareHead, removeFirmware, type StoredFirmware, storeFirmwareStream } from './firmware-storage.ts'

export const FIRMWARE_FILE_FIELD = 'attachment'
export const MISSING_FIRMWARE = msg('server.firmware.fileRequired')
export const NOT_FIRMWARE = msg('server.firmware.notFirmware')
export const FIRMWARE_TOO_LARGE = msg('server.firmware.tooLarge', { max: MAX_FIRMWARE_BYTES / 1024 / 1024 })
const TEXT_FIELDS = new Set(['category_id', 'version', 'notes'])

export type FirmwareUpload = { fields: Record<string, string>; file: StoredFirmware }

function readFailure(err: unknown): HttpError {
  const error = err as { code?: string; statusCode?: number }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return invalidField(FIRMWARE_FILE_FIELD, FIRMWARE_TOO_LARGE)
  if (error.code === 'FST_FILES_LIMIT')
    return invalidField(FIRMWARE_FILE_FIELD, msg('server.firmware.oneFile'))
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, msg('server.uploads.unreadable'))
  }
  // Busboy's parse errors (cut-off or malformed bodies) carry no status: they are the client's fault.
  return new HttpError(400, msg('server.uploads.unreadable'))
}

/** What the first bytes say the file is, when it is something well known that is not a firmware image. */
async function knownOtherType(dataDir: string, fileName: string): Promise<string | null> {
  const type = await fileTypeFromBuffer(await firmwareHead(dataDir, fileName))
  return type ? type.ext : null
}

/**
 * Reads the multipart form of a firmware upload: its text fields and the file, streamed to DATA_DIR/firmware
 * while it is hashed, so a 16 MB image is never held in memory. The file must be named *.bin and must not be a
 * known other format (a picture, an archive, a document: a wrong file picked by mistake). Whatever is refused
 * leaves no file behind; the caller removes the stored file if it refuses the fields.
 */
export async function readFirmwareUpload(request: FastifyRequest, dataDir: string): Promise<FirmwareUpload> {
  if (!request.isMultipart()) throw invalidField(FIRMWARE_FILE_FIELD, MISSING_FIRMWARE)
  const fields: Record<string, string> = {}
  let file: StoredFirmware | null = null
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string')
          fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== FIRMWARE_FILE_FIELD || file) {
        part.file.resume()
        continue
      }
      if (!/\.bin$/i.test(part.filename ?? '')) {
        part.file.resume()
        throw invalidField(FIRMWARE_FILE_FIELD, NOT_FIRMWARE)
      }
      file = await storeFirmwareStream(dataDir, part.file)
      if (part.file.truncated) throw invalidField(FIRMWARE_FILE_FIELD, FIRMWARE_TOO_LARGE)
    }
  } catch (err) {
    if (file) await removeFirmware(dataDir, file.fileName)
    if (err instanceof HttpError) throw err
    throw readFailure(err)
  }
  if (!file || file.size === 0) {
    if (file) await removeFirmware(dataDir, file.fileName)
    throw invalidField(FIRMWARE_FILE_FIELD, MISSING_FIRMWARE)
  }
  const other = await knownOtherType(dataDir, file.fileName)
  if (other) {
    await removeFirmware(dataDir, file.fileName)
    throw invalidField(
      FIRMWARE_FILE_FIELD,
      msg('server.firmware.notFirmwareButOther', { refusal: NOT_FIRMWARE, format: other.toUpperCase() }),
    )
  }
  return { fields, file }
}
