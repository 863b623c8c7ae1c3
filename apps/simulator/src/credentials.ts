import { readFile } from 'node:fs/promises'
import { isDeviceSerial } from '@teplo/domain'
import { z } from 'zod'
import type { DeviceLogin } from './simulator'

/** `serial:password[,serial:password…]`; a password may itself contain ':'. */
export function parseDevicesFlag(value: string): DeviceLogin[] {
  return value
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const colon = pair.indexOf(':')
      const serial = colon < 0 ? pair : pair.slice(0, colon)
      const password = colon < 0 ? '' : pair.slice(colon + 1)
      if (!isDeviceSerial(serial) || !password)
        throw new Error(`--devices: expected serial:password, got '${pair}'`)
      return { serial, password }
    })
}

/** Entries as typed by hand, or as the verify-token answer's attributes ({username, password, topic_prefix}). */
const credentialsFileSchema = z.array(
  z
    .object({
      serial: z.string().optional(),
      serial_number: z.union([z.string(), z.number()]).optional(),
      username: z.string().optional(),
      password: z.string().min(1),
    })
    .transform((entry, ctx) => {
      const serial = String(entry.serial ?? entry.serial_number ?? entry.username ?? '')
      if (!isDeviceSerial(serial)) {
        ctx.addIssue({ code: 'custom', message: `not a serial number: '${serial}'` })
        return z.NEVER
      }
      return { serial, password: entry.password }
    }),
)

export function parseCredentialsJson(text: string, source: string): DeviceLogin[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${source}: not JSON`)
  }
  const result = credentialsFileSchema.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new Error(`${source}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim())
  }
  return result.data
}

export async function readCredentialsFile(path: string): Promise<DeviceLogin[]> {
  return parseCredentialsJson(await readFile(path, 'utf8'), path)
}
