import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DOMAIN_MESSAGES_EN } from '../packages/domain/src/i18n/en/domain.ts'
import { MESSAGES_EN } from '../packages/domain/src/i18n/en/index.ts'
import { SERVER_MESSAGES_EN } from '../packages/domain/src/i18n/en/server.ts'
import { cyrillicTexts, type FoundText, scanTexts } from './cyrillic-texts.ts'

// Every Ukrainian text the domain and the server write has its English in the catalogue
// (packages/domain/src/i18n/en, ADR 032), or is listed here with the reason it is not a message.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SCANNED = ['packages/domain/src', 'apps/server/src']
// The catalogue itself: its keys are the texts, not more of them.
const CATALOGUE = 'packages/domain/src/i18n/'
const scan = (options?: { withTwins: boolean }) =>
  scanTexts(ROOT, SCANNED, options).filter((text) => !text.file.startsWith(CATALOGUE))

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

describe('the English message catalogue', () => {
  const found = scan()

  it('finds the Ukrainian texts of the domain and the server', () => {
    // A broken scanner would pass the next test by finding nothing.
    expect(found).toContainEqual(
      expect.objectContaining({ file: 'apps/server/src/db/seed.ts', text: 'Пелетний котел' }),
    )
  })

  it('has English for every Ukrainian text that is a message', () => {
    const missing = found
      .filter((text) => !(text.text in MESSAGES_EN) && !allowed(text))
      .map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)
    expect(
      missing,
      'add these to packages/domain/src/i18n/en/*.ts (or, if not a message, to NOT_MESSAGES)',
    ).toEqual([])
  })

  it('has no entry that no source writes any more, and no allowance that is not needed', () => {
    const written = new Set(scan({ withTwins: true }).map((text) => text.text))
    // The twins of the domain's English tables are derived, not written: only the written entries can go stale.
    const writtenEntries = Object.keys({ ...DOMAIN_MESSAGES_EN, ...SERVER_MESSAGES_EN })
    expect(writtenEntries.filter((key) => !written.has(key))).toEqual([])
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

  it('skips the Ukrainian member of a table that has its English beside it', () => {
    const source = "const T = { uk: { title: 'Вітаємо' }, en: { title: 'Welcome' } }\nconst U = { uk: 'Так' }"
    expect(cyrillicTexts('a.ts', source).map((t) => t.text)).toEqual(['Так'])
    expect(cyrillicTexts('a.ts', source, { withTwins: true }).map((t) => t.text)).toEqual(['Вітаємо', 'Так'])
  })
})
