import { describe, expect, it } from 'vitest'
import { EN_MESSAGES, UK_MESSAGES } from './locales'
import { decodeMessage, msg } from './message'
import { translateMessage } from './messages'

describe('keyed messages (ADR 055)', () => {
  it('encodes a key and its parameters as one string and decodes it back', () => {
    expect(msg('server.common.notFound')).toBe('server.common.notFound')
    const text = msg('server.common.tooManyAttempts', { wait: msg('common.seconds', { count: 30 }) })
    expect(decodeMessage(text)).toEqual({
      key: 'server.common.tooManyAttempts',
      params: { wait: 'common.seconds{"count":30}' },
    })
  })

  it('renders in each language, parameters that are messages translated in turn', () => {
    const text = msg('server.common.tooManyAttempts', { wait: msg('common.minutes', { count: 3 }) })
    expect(translateMessage(text, 'uk')).toBe('Забагато спроб. Спробуйте знову через 3 хв.')
    expect(translateMessage(text, 'en')).toBe('Too many attempts. Try again in 3 min.')
  })

  it('leaves any other text as it is: a name, an address, an unknown key, broken parameters', () => {
    for (const text of [
      'Котел вдома',
      'owner@example.com',
      'server.common.noSuchKey',
      'server.common.notFound{oops',
    ]) {
      expect(translateMessage(text, 'en')).toBe(text)
    }
  })

  it('does not expand a nested key a parameter carries (a name typed as $t(…))', () => {
    const text = msg('server.common.tooManyAttempts', { wait: '$t(server.common.notFound)' })
    expect(translateMessage(text, 'uk')).toBe(
      'Забагато спроб. Спробуйте знову через $t(server.common.notFound).',
    )
  })

  it('does not let a parameter inject markup or other keys unrendered', () => {
    const text = msg('server.common.tooManyAttempts', { wait: '<b>{{x}}</b>' })
    expect(translateMessage(text, 'uk')).toBe('Забагато спроб. Спробуйте знову через <b>{{x}}</b>.')
  })
})

type Tree = { readonly [name: string]: string | Tree }
const PLURAL = /_(zero|one|two|few|many|other)$/
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(`${prefix}${name.replace(PLURAL, '')}`, value)
    else for (const [key, text] of leaves(value, `${prefix}${name}.`)) found.set(key, text)
  }
  return found
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort()

describe('the wording', () => {
  const uk = leaves(UK_MESSAGES as unknown as Tree)
  const en = leaves(EN_MESSAGES as unknown as Tree)

  it('has the same keys in both languages', () => {
    expect([...en.keys()].sort()).toEqual([...uk.keys()].sort())
  })

  it('has English that is not empty, not Cyrillic, with the same placeholders as the Ukrainian', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('')
      expect(text, key).not.toMatch(/[А-Яа-яІіЇїЄєҐґ]/)
      expect(placeholders(text), key).toEqual(placeholders(uk.get(key) ?? ''))
    }
  })
})
