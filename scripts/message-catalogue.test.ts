import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cyrillicTexts, type FoundText, scanTexts } from './cyrillic-texts.ts'

// The domain and the server write no Ukrainian sentence of their own (ADR 055): every message is a key with its
// wording in packages/domain/src/i18n/locales/{uk,en}; a Cyrillic literal elsewhere is data, listed here with the
// reason it is not a message.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SCANNED = ['packages/domain/src', 'apps/server/src']
// The wording itself.
const WORDING = 'packages/domain/src/i18n/locales/'
const scan = () => scanTexts(ROOT, SCANNED).filter((text) => !text.file.startsWith(WORDING))

/** Texts that are not messages, by file: data a person names or types, and texts that stay Ukrainian. */
const NOT_MESSAGES: Readonly<Record<string, { reason: string; texts: readonly string[] }>> = {
  'apps/server/src/db/seed.ts': {
    reason: "the first start's device types and demo devices: data, renamed by their users, not translated",
    texts: [
      'Пелетний котел',
      'Котел з пелетним пальником і автоматикою',
      'Пелетний пальник',
      'Пальник для встановлення в наявний котел',
      'Твердопаливний котел',
      'Котел на дровах або брикетах з контролером',
      'Котел вдома',
      'Київ, вул. Січових Стрільців, 1',
      'Котел на дачі',
      'Ірпінь, вул. Садова, 12',
      'Мій котел',
      'Львів, вул. Зелена, 5',
      'Стенд монтажника',
      'Склад, Вінниця',
    ],
  },
  'apps/server/src/modules/pellets/demo-deliveries.ts': {
    reason: "the demo boilers' pellet supplier: data, as an owner types it",
    texts: ['Пелети Полісся'],
  },
  'packages/domain/src/demo-accounts.ts': {
    reason: "the demo accounts' names: data, like any account's name",
    texts: ['Адміністратор', 'Монтажник', 'Власник котла'],
  },
  'packages/domain/src/languages.ts': {
    reason: 'each language named in itself, as a language switch offers it: the same on every screen',
    texts: ['Українська'],
  },
  'packages/domain/src/schemas/items.ts': {
    reason: "a new device's default name: data the person may keep or change",
    texts: ['Пристрій 1'],
  },
  'apps/server/src/modules/items/item-batch.service.ts': {
    reason: "a batch device's default name: data, like a new device's, renamed by its owner",
    texts: ['Пристрій {0}'],
  },
  'apps/server/src/modules/two-factor/passkeys.service.ts': {
    reason: "a new passkey's default name: data the person may keep or rename, like a new device's",
    texts: ['Ключ доступу'],
  },
  'apps/server/src/modules/help-requests/help-requests.service.ts': {
    reason: 'the help request e-mail goes to the support desk, which works in Ukrainian (ADR 029)',
    texts: [
      "Ім'я: {0}",
      'Обліковий запис: {0} <{1}> (id {2})',
      'Проблема:',
      'Teplo: запит на допомогу від {0}',
    ],
  },
}

const allowed = (found: FoundText) => NOT_MESSAGES[found.file]?.texts.includes(found.text) ?? false

describe('the messages of the domain and the server', () => {
  const found = scan()

  it('finds the Ukrainian texts of the domain and the server', () => {
    // A broken scanner would pass the next test by finding nothing.
    expect(found).toContainEqual(
      expect.objectContaining({ file: 'apps/server/src/db/seed.ts', text: 'Пелетний котел' }),
    )
  })

  it('has no Ukrainian text outside the wording that is not listed as data', () => {
    const written = found
      .filter((text) => !allowed(text))
      .map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)
    expect(
      written,
      'give these a key in packages/domain/src/i18n/locales/{uk,en} (or, if data, list them in NOT_MESSAGES)',
    ).toEqual([])
  })

  it('has no allowance that is not needed', () => {
    const stale = Object.entries(NOT_MESSAGES).flatMap(([file, { texts }]) =>
      texts
        .filter((text) => !found.some((f) => f.file === file && f.text === text))
        .map((text) => `${file}: ${text}`),
    )
    expect(stale).toEqual([])
  })
})

describe('cyrillicTexts', () => {
  it('reads string and template literals, with each interpolation as {n}, and the literals inside them', () => {
    const source = [
      "const a = 'Не знайдено.'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test
      'const b = `Забагато спроб: ${count > 1 ? `${count} рази` : "раз"}, ${name}`',
      "const c = 'plain English'",
      '// коментар',
      'const d = /[а-я]+/u',
    ].join('\n')
    expect(cyrillicTexts('a.ts', source).map((t) => [t.line, t.text])).toEqual([
      [1, 'Не знайдено.'],
      [2, 'Забагато спроб: {0}, {1}'],
      [2, '{0} рази'],
      [2, 'раз'],
    ])
  })
})
