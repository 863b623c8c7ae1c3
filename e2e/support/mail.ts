import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'
import { mailDir } from './paths'

/** Undoes quoted-printable (=XX bytes, soft line breaks) or base64 of a MIME part. */
function decodePart(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (!/quoted-printable/i.test(encoding)) return body
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The plain-text body of an .eml file written by the server's file mailer. */
export function plainText(eml: string): string {
  const part =
    /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i
  const match = part.exec(eml)
  return match ? decodePart(match[2] ?? '', match[1] ?? '') : eml
}

async function newestMailTo(address: string): Promise<string | undefined> {
  const names = await readdir(mailDir).catch(() => [] as string[])
  // File names start with an ISO timestamp, so the newest sorts last.
  for (const name of names
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()) {
    const eml = await readFile(path.join(mailDir, name), 'utf8')
    if (new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(eml)) return eml
  }
  return undefined
}

/** Waits (the spec promises 60 s; locally it takes moments) for the newest letter to `address`. */
export async function waitForMail(address: string, timeout = 15_000): Promise<string> {
  let found: string | undefined
  await expect
    .poll(
      async () => {
        found = await newestMailTo(address)
        return found !== undefined
      },
      { timeout, message: `no e-mail to ${address} in ${mailDir}` },
    )
    .toBe(true)
  return plainText(found ?? '')
}
