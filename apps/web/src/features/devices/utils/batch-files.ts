import { type DeviceCredentialsListDocument, deviceClientId } from '@teplo/domain'

type Credentials = DeviceCredentialsListDocument['data'][number]

/**
 * The serial numbers in a pasted list or an uploaded file: one per line, or separated by commas, semicolons or
 * spaces; from a CSV, each line's first field. Words (a header line) are left out; the order is kept.
 */
export function parseSerialList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => {
      const fields = line
        .split(/[;,\t]/)
        .flatMap((field) => field.trim().split(/\s+/))
        .map((field) => field.replace(/^"|"$/g, ''))
      // A list of numbers, or a CSV row with other columns: then only its first field is the serial.
      return fields.every((field) => /^\d*$/.test(field)) ? fields : fields.slice(0, 1)
    })
    .filter((field) => /^\d+$/.test(field))
}

export interface CredentialsCsvHeaders {
  serial: string
  username: string
  password: string
  clientId: string
  topicPrefix: string
  broker: string
}

const field = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** The credentials as CSV for the factory line (semicolons, a byte order mark for Excel), one row per controller. */
export function credentialsCsv(list: readonly Credentials[], headers: CredentialsCsvHeaders): string {
  const head = [
    headers.serial,
    headers.username,
    headers.password,
    headers.clientId,
    headers.topicPrefix,
    headers.broker,
  ]
  const rows = list.map(({ id, attributes }) => [
    id,
    attributes.username,
    attributes.password,
    deviceClientId(id),
    attributes.topic_prefix,
    attributes.broker.url,
  ])
  return `\uFEFF${[head, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`
}

/** 'teplo-credentials-2026-11-27_1130.csv' (local time of the download). */
export function credentialsFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  return `teplo-credentials-${date}_${pad(now.getHours())}${pad(now.getMinutes())}.csv`
}
