import { describe, expect, it } from 'vitest'
import { EN_MESSAGES, UK_MESSAGES } from './locales'
import { decodeMessage, msg, msgList } from './message'
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

  it("renders the domain's keyed messages, their parameters that are messages too, and numbers in the language", () => {
    const range = msg('validation.alarms.range', {
      subject: 'labels.alarmThreshold.offline.subject',
      min: 5,
      max: 1440,
      unit: 'labels.alarmThreshold.offline.unit',
    })
    expect(translateMessage(range, 'uk')).toBe("Час без зв'язку — від 5 до 1440 хв")
    expect(translateMessage(range, 'en')).toBe('Time without connection: from 5 to 1440 min')
    const step = msg('validation.field.multipleOf', { step: 0.5 })
    expect(translateMessage(step, 'uk')).toBe('Значення має бути кратним 0,5')
    expect(translateMessage(step, 'en')).toBe('The value must be a multiple of 0.5')
    expect(translateMessage(msg('labels.workMode.m8'), 'en')).toBe('Ignition')
    expect(translateMessage(msg('labels.alarm.deviceError.label'), 'en')).toBe('Boiler error')
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

describe('several messages stored as one (msgList)', () => {
  const part = (name: string) => msg('sync.appliedInstead', { name, applied: '57', desired: '58' })

  it('renders each part in the language and joins them', () => {
    const text = msgList([part('heater_temp_set'), msg('sync.scheduleDifferent')], 500)
    expect(translateMessage(text ?? '', 'uk')).toBe(
      'heater_temp_set: застосовано 57 замість 58; schedule: застосовано інший розклад',
    )
    expect(translateMessage(text ?? '', 'en')).toBe(
      'heater_temp_set: applied 57 instead of 58; schedule: a different schedule was applied',
    )
  })

  it('is null for none, the message itself for one, and flattens lists given as parts', () => {
    expect(msgList([null, null], 500)).toBeNull()
    expect(msgList([null, part('a')], 500)).toBe(part('a'))
    const inner = msgList([part('a'), part('b')], 500)
    const outer = msgList([inner, part('c')], 500)
    expect(decodeMessage(outer ?? '')?.params.items).toEqual([part('a'), part('b'), part('c')])
  })

  it('stays within the length given, counting the parts left out', () => {
    const parts = Array.from({ length: 40 }, (_, n) => part(`setting_${n}`))
    const text = msgList(parts, 500) ?? ''
    expect(text.length).toBeLessThanOrEqual(500)
    const rendered = translateMessage(text, 'en')
    expect(rendered).toMatch(/^setting_0: applied 57 instead of 58; /)
    const kept = rendered.split('; ').length - 1
    expect(rendered.endsWith(`and ${40 - kept} more`)).toBe(true)
  })

  it('does not read a name among the parts as a list', () => {
    expect(translateMessage(msgList(['Котел', 'owner@example.com'], 500) ?? '', 'en')).toBe(
      'Котел; owner@example.com',
    )
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
