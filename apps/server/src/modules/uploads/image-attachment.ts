import { msg } from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import { HttpError, invalidField } from '../../lib/api-error.ts'

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
export const ATTACHMENT_FIELD = 'attachment'

export const MISSING_ATTACHMENT = msg('server.uploads.imageRequired')
export const NOT_AN_IMAGE = msg('server.uploads.notImage')
export const TOO_LARGE = msg('server.uploads.imageTooLarge')

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

export type ImageFile = { content: Buffer; extension: string; mime: string }

function readFailure(err: unknown): HttpError {
  const error = err as { code?: string; statusCode?: number }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return invalidField(ATTACHMENT_FIELD, TOO_LARGE)
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, msg('server.uploads.unreadable'))
  }
  // Busboy's parse errors (cut-off or malformed bodies) carry no status: they are the client's fault.
  return new HttpError(400, msg('server.uploads.unreadable'))
}

// The type is read from the bytes: a file's name and declared type are whatever the client says.
export async function readImageAttachment(request: FastifyRequest): Promise<ImageFile> {
  if (!request.isMultipart()) throw invalidField(ATTACHMENT_FIELD, MISSING_ATTACHMENT)
  let content: Buffer
  try {
    const part = await request.file()
    if (!part || part.fieldname !== ATTACHMENT_FIELD) {
      part?.file.resume()
      throw invalidField(ATTACHMENT_FIELD, MISSING_ATTACHMENT)
    }
    content = await part.toBuffer()
  } catch (err) {
    if (err instanceof HttpError) throw err
    throw readFailure(err)
  }
  if (content.length === 0) throw invalidField(ATTACHMENT_FIELD, MISSING_ATTACHMENT)
  const type = await fileTypeFromBuffer(content)
  const extension = type ? IMAGE_EXTENSIONS[type.mime] : undefined
  if (!type || !extension) throw invalidField(ATTACHMENT_FIELD, NOT_AN_IMAGE)
  return { content, extension, mime: type.mime }
}
