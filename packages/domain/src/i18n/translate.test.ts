import { describe, expect, it } from 'vitest'
import { DOMAIN_MESSAGES_EN } from './en/domain'
import { SERVER_MESSAGES_EN } from './en/server'
import { msg, translate } from './index'
import { compileCatalogue } from './translate'

describe('compileCatalogue', () => {
  const translator = compileCatalogue({
    'Не знайдено.': 'Not found.',
    '{0} с': '{0} s',
    'Забагато спроб. Спробуйте знову через {0}.': 'Too many attempts. Try again in {0}.',
    '{0}: застосовано {1} замість {2}': '{0}: applied {1} instead of {2}',
    '{0} має бути числом': '{0} must be a number',
    '{0} має бути цілим числом': '{0} must be a whole number',
    'Поріг перегріву': 'Overheating threshold',
    'Від {0} до {1}': 'Up to {1}, from {0}',
    'Цикл {0}': 'Cycle {0}',
  })

  it('translates an exact text', () => {
    expect(translator('Не знайдено.')).toBe('Not found.')
  })

  it('fills a template with the parts it captured, translating each of them in turn', () => {
    expect(translator('Забагато спроб. Спробуйте знову через 30 с.')).toBe(
      'Too many attempts. Try again in 30 s.',
    )
    expect(translator('Поріг перегріву має бути числом')).toBe('Overheating threshold must be a number')
    expect(translator('heater_temp: застосовано 60 замість 65')).toBe('heater_temp: applied 60 instead of 65')
  })

  it('tries the template that says more first', () => {
    expect(translator('Поріг перегріву має бути цілим числом')).toBe(
      'Overheating threshold must be a whole number',
    )
  })

  it('keeps a part the key quotes as a name', () => {
    const names = compileCatalogue({ Котел: 'Heating', 'Пристрій «{0}» у {1}': 'The device “{0}” in {1}' })
    expect(names('Пристрій «Котел» у Котел')).toBe('The device “Котел” in Heating')
  })

  it('places the parts where the translation wants them', () => {
    expect(translator('Від 1 до 5')).toBe('Up to 5, from 1')
  })

  it('writes a Ukrainian decimal comma as a point', () => {
    expect(translator('Від 0,5 до 1')).toBe('Up to 1, from 0.5')
  })

  it('returns a text it does not know unchanged, and stops on a text that keeps matching', () => {
    expect(translator('Котел «Дача»')).toBe('Котел «Дача»')
    expect(translator('')).toBe('')
    expect(translator('Цикл Цикл Цикл Цикл Цикл Цикл x')).toBe('Cycle Cycle Cycle Cycle Цикл Цикл x')
  })

  it('treats regular-expression characters in a key as text', () => {
    const brackets = compileCatalogue({
      'filter[state] має бути одним із: {0}': 'filter[state] must be one of: {0}',
    })
    expect(brackets('filter[state] має бути одним із: open, seen')).toBe(
      'filter[state] must be one of: open, seen',
    )
    expect(brackets('filterXstate] має бути одним із: open')).toBe('filterXstate] має бути одним із: open')
  })
})

describe('translate', () => {
  it('gives Ukrainian back as it is, the reference wording', () => {
    expect(translate('Не знайдено.', 'uk')).toBe('Не знайдено.')
  })

  it("speaks English from the server's and the domain's catalogues", () => {
    // The server's texts are keyed (ADR 055): translate renders them like translateMessage does.
    expect(translate(msg('server.common.signInRequired'), 'en')).toBe('Please sign in.')
    const wait = msg('server.common.tooManyAttempts', { wait: msg('common.minutes', { count: 2 }) })
    expect(translate(wait, 'en')).toBe('Too many attempts. Try again in 2 min.')
  })

  it("renders the domain's keyed messages, their parameters that are messages too, and numbers in the language", () => {
    const range = msg('validation.alarms.range', {
      subject: 'labels.alarmThreshold.offline.subject',
      min: 5,
      max: 1440,
      unit: 'labels.alarmThreshold.offline.unit',
    })
    expect(translate(range, 'uk')).toBe("Час без зв'язку — від 5 до 1440 хв")
    expect(translate(range, 'en')).toBe('Time without connection: from 5 to 1440 min')
    const step = msg('validation.field.multipleOf', { step: 0.5 })
    expect(translate(step, 'uk')).toBe('Значення має бути кратним 0,5')
    expect(translate(step, 'en')).toBe('The value must be a multiple of 0.5')
    expect(translate(msg('labels.workMode.m8'), 'en')).toBe('Ignition')
    expect(translate(msg('labels.alarm.deviceError.label'), 'en')).toBe('Boiler error')
  })

  it('keeps a text it does not know, e.g. a name', () => {
    expect(translate('Котел на дачі', 'en')).toBe('Котел на дачі')
  })

  it('has no entry whose English is empty, Cyrillic or has other placeholders than its key', () => {
    const parts = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort()
    for (const catalogue of [DOMAIN_MESSAGES_EN, SERVER_MESSAGES_EN]) {
      for (const [key, english] of Object.entries(catalogue)) {
        expect(english.trim(), key).not.toBe('')
        expect(english, key).not.toMatch(/\p{Script=Cyrillic}/u)
        expect(parts(english), key).toEqual(parts(key))
      }
    }
  })

  it('has one English for a text that two catalogues share', () => {
    const seen = new Map<string, string>()
    for (const catalogue of [DOMAIN_MESSAGES_EN, SERVER_MESSAGES_EN]) {
      for (const [key, english] of Object.entries(catalogue)) {
        if (seen.has(key)) expect(english, key).toBe(seen.get(key))
        seen.set(key, english)
      }
    }
  })
})
