import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every locale file, by language and name: `uk-history.json` and `en-history.json` are one pair. Read from disk:
// the imported modules are the objects i18next merges screen strings into.
const directory = __dirname
const files: Record<string, unknown> = Object.fromEntries(
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`./${name}`, JSON.parse(readFileSync(join(directory, name), 'utf8'))]),
)

const PLURAL = /_(zero|one|two|few|many|other)$/

function leaves(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]]
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key))
  }
  return []
}

/** Keys with their plural suffix dropped: Ukrainian has _one/_few/_many/_other where English has _one/_other. */
function keysModuloPlurals(content: unknown): Set<string> {
  return new Set(leaves(content).map(([key]) => key.replace(PLURAL, '')))
}

/** The {{variables}} a text interpolates. */
function variables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? ''))].sort()
}

function variablesByKey(content: unknown): Map<string, string[]> {
  const byKey = new Map<string, Set<string>>()
  for (const [key, text] of leaves(content)) {
    const base = key.replace(PLURAL, '')
    const set = byKey.get(base) ?? new Set<string>()
    for (const name of variables(text)) set.add(name)
    byKey.set(base, set)
  }
  return new Map([...byKey].map(([key, set]) => [key, [...set].sort()]))
}

const pairs = Object.keys(files)
  .filter((path) => /^\.\/uk(-[\w-]+)?\.json$/.test(path))
  .map((uk) => [uk, uk.replace('./uk', './en')] as const)

function onlyIn(a: Set<string>, b: Set<string>) {
  return [...a].filter((key) => !b.has(key))
}

describe('the English locale files', () => {
  it('exist beside every Ukrainian one, and no English file stands alone', () => {
    const english = Object.keys(files).filter((path) => path.startsWith('./en'))
    expect(pairs.map(([, en]) => en).sort()).toEqual(english.sort())
    expect(pairs.length).toBeGreaterThanOrEqual(10)
  })

  for (const [ukPath, enPath] of pairs) {
    describe(enPath.slice(2), () => {
      it(`has the same keys as ${ukPath.slice(2)} (plural forms aside)`, () => {
        const uk = keysModuloPlurals(files[ukPath])
        const en = keysModuloPlurals(files[enPath] ?? {})
        expect({ onlyUkrainian: onlyIn(uk, en), onlyEnglish: onlyIn(en, uk) }).toEqual({
          onlyUkrainian: [],
          onlyEnglish: [],
        })
      })

      it('interpolates the same variables', () => {
        const uk = variablesByKey(files[ukPath])
        const en = variablesByKey(files[enPath] ?? {})
        const differing = [...uk].filter(([key, names]) => en.has(key) && `${en.get(key)}` !== `${names}`)
        expect(differing).toEqual([])
      })

      it('has every English plural form where Ukrainian has plurals', () => {
        const ukPlurals = leaves(files[ukPath]).filter(([key]) => PLURAL.test(key))
        const enKeys = new Set(leaves(files[enPath] ?? {}).map(([key]) => key))
        const bases = new Set(ukPlurals.map(([key]) => key.replace(PLURAL, '')))
        const missing = [...bases].flatMap((base) =>
          ['_one', '_other'].map((suffix) => base + suffix).filter((key) => !enKeys.has(key)),
        )
        expect(missing).toEqual([])
      })

      it('is written in English: no Cyrillic and no empty text', () => {
        const cyrillic = leaves(files[enPath] ?? {}).filter(
          ([, text]) => /[\u0400-\u04FF]/.test(text) || !text.trim(),
        )
        expect(cyrillic).toEqual([])
      })
    })
  }

  it('catches a key that exists in one language only', () => {
    const uk = keysModuloPlurals({ a: { b_one: 'x', b_few: 'x', b_many: 'x', b_other: 'x' }, c: 'x' })
    const en = keysModuloPlurals({ a: { b_one: 'x', b_other: 'x' }, d: 'x' })
    expect(onlyIn(uk, en)).toEqual(['c'])
    expect(onlyIn(en, uk)).toEqual(['d'])
  })
})
