import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Latin words that are Ukrainian usage too: the product's name, the spec's «Email», file formats and brands.
const ALLOWED_LATIN = new Set([
  'Teplo',
  'Email',
  'email',
  'E-mail',
  'ID',
  'JPEG',
  'PNG',
  'WebP',
  'GIF',
  'PDF',
  'CSV',
  // The controllers' protocol, named so in their credentials file.
  'MQTT',
  'YouTube',
  'ABCD-EF23',
  // Firmware images: the file extension, a checksum's name and a version label as firmware spells them.
  'bin',
  'SHA-256',
  'rc1',
  // The terms' list of what is stored: an address is called so in Ukrainian too.
  'IP',
  // Terms a Ukrainian reader meets in Latin letters: web and device protocols, "push" notifications, QR codes, PINs.
  'API',
  'POST',
  'JSON',
  'HTTPS',
  'https',
  'mqtt',
  'mqtts',
  'push',
  'Push',
  'QR',
  'PIN',
  // Products named by their names: the systems Teplo connects to, browsers, phones and authenticator apps.
  'Home',
  'Assistant',
  'Mosquitto',
  'Chrome',
  'Edge',
  'Firefox',
  'Safari',
  'iPhone',
  'iPad',
  'Android',
  'Google',
  'Microsoft',
  'Authenticator',
  'Password',
])

// The boiler's fault codes E1–E10 (spec).
const ERROR_CODE = /^E\d+$/

function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]]
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key))
  }
  return []
}

/** Latin words a reader would see: without {{placeholders}} and <tags>. */
function latinWords(text: string): string[] {
  const visible = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\b[a-z]+:\/\/\S*/g, ' ')
    .replace(/<\/?\w+\s*\/?>/g, ' ')
  return (visible.match(/[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]|[A-Za-z]{2,}/g) ?? []).filter(
    (word) => !ALLOWED_LATIN.has(word) && !ERROR_CODE.test(word),
  )
}

// Every Ukrainian locale file, read from disk: the imported modules are the objects i18next merges screen strings
// into, so another test file in the same worker could have added to them.
const files: Record<string, unknown> = Object.fromEntries(
  readdirSync(__dirname)
    .filter((name) => /^uk(-[\w-]+)?\.json$/.test(name))
    .map((name) => [name, JSON.parse(readFileSync(join(__dirname, name), 'utf8'))]),
)

describe('the Ukrainian locale files', () => {
  for (const [file, content] of Object.entries(files)) {
    it(`${file} has no English words`, () => {
      const english = strings(content, '')
        .map(([key, text]) => [key, latinWords(text)] as const)
        .filter(([, words]) => words.length > 0)
        .map(([key, words]) => `${key}: ${words.join(' ')}`)
      expect(english).toEqual([])
    })
  }

  it("use the corrected spellings of the specification's slips", () => {
    const all = Object.values(files).flatMap((content) => strings(content, '').map(([, text]) => text))
    expect(all.filter((text) => /Сервісіні|Справка|kWt/.test(text))).toEqual([])
    expect(all).toContain('Сервісні налаштування')
    expect(all).toContain('Довідка')
  })

  it('catches an English text', () => {
    expect(latinWords('Showing 1 to 3 of 3 entries')).toEqual(['Showing', 'to', 'of', 'entries'])
    expect(latinWords('Вхід до Teplo через {{email}}')).toEqual([])
    expect(latinWords('наприклад mqtts://ha.example.net:8883, not this')).toEqual(['not', 'this'])
  })
})
