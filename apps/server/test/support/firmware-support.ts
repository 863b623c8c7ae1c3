import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { bearer } from './helper.ts'

export type FirmwareForm = {
  category_id?: string
  version?: string
  notes?: string
  file?: { name: string; content: Buffer } | null
}

/** A multipart form as a browser sends it: the text fields first, then the file. */
export function firmwareForm(form: FirmwareForm) {
  const boundary = '----teplo-firmware-boundary'
  const parts: Buffer[] = []
  for (const name of ['category_id', 'version', 'notes'] as const) {
    const value = form[name]
    if (value === undefined) continue
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (form.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${form.file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      form.file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Bytes that no file-type detector recognises, like a controller's binary image. */
export function firmwareBytes(size = 64 * 1024): Buffer {
  const bytes = randomBytes(size)
  bytes[0] = 0x7e
  bytes[1] = 0x01
  return bytes
}

export async function uploadFirmware(app: FastifyInstance, token: string, form: FirmwareForm) {
  const { payload, headers } = firmwareForm(form)
  return app.inject({
    method: 'POST',
    url: '/api/v2/firmware',
    headers: { ...headers, ...bearer(token) },
    payload,
  })
}

/** Uploads an image that must be accepted; returns its id and what the server recorded. */
export async function uploadedFirmware(
  app: FastifyInstance,
  token: string,
  version: string,
  content = firmwareBytes(),
  categoryId = '1',
) {
  const res = await uploadFirmware(app, token, {
    category_id: categoryId,
    version,
    notes: `Прошивка ${version}`,
    file: { name: `boiler-${version}.bin`, content },
  })
  if (res.statusCode !== 201) throw new Error(`upload ${version}: ${res.statusCode} ${res.body}`)
  const { data } = res.json<{ data: { id: string; attributes: { sha256: string; size: number } } }>()
  return { id: data.id, sha256: data.attributes.sha256, size: data.attributes.size, content }
}
