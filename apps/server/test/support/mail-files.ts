import fs from 'node:fs/promises'
import path from 'node:path'
import { vi } from 'vitest'

// Reads the .eml files the mailer writes when no SMTP server is configured.

export type Mail = { file: string; to: string; replyTo: string | undefined; subject: string; text: string }

export async function mailFiles(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail')
  try {
    const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml')).sort()
    return names.map((name) => path.join(dir, name))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
}

export async function waitForMails(dataDir: string, count: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const files = await mailFiles(dataDir)
      if (files.length < count) throw new Error(`expected ${count} mail files, found ${files.length}`)
      return files
    },
    { timeout: 10_000, interval: 25 },
  )
}

function decodeQuotedPrintable(body: string): string {
  const text = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i] ?? ''))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/)
  const head = entity.slice(0, at).replace(/\r?\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: entity.slice(at).replace(/^\r?\n\r?\n/, '') }
}

// The plain-text part: the message itself, or the text/plain part of a multipart message.
function plainText(entity: string): string {
  const { headers, body } = splitEntity(entity)
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break
      const text = plainText(part.replace(/^\r?\n/, ''))
      if (text) return text
    }
    return ''
  }
  if (!type.startsWith('text/plain')) return ''
  return decodeBody(body.replace(/\r?\n$/, ''), headers.get('content-transfer-encoding')?.toLowerCase())
}

export async function readMail(file: string): Promise<Mail> {
  const raw = await fs.readFile(file, 'utf8')
  const { headers } = splitEntity(raw)
  return {
    file,
    to: headers.get('to') ?? '',
    replyTo: headers.get('reply-to'),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: plainText(raw),
  }
}
