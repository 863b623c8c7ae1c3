import type { AuditEntryResource } from '@teplo/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import i18next, { addScreenStrings, currentLanguage, setLanguage } from '../../../lib/i18n'
import strings from '../../../locales/uk-sharing.json'
import { auditLines, shownInLog } from './audit-lines'

type Attributes = AuditEntryResource['attributes']

const entry = (attributes: Partial<Attributes>): Attributes => ({
  action: 'settings',
  at: '2026-11-25 10:00:00',
  actor_id: '1',
  actor_name: 'Олена',
  changes: {},
  subject: null,
  outcome: null,
  reason: null,
  ...attributes,
})

const lines = (attributes: Partial<Attributes>) => auditLines(entry(attributes), i18next.t, currentLanguage())
const rawKey = /\b(power|owner|user_id|heater_hysteresis|pump_mode|calorific_value|audit\.)/

beforeAll(() => {
  addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))
})

describe("the change log's lines", () => {
  const settings = {
    changes: {
      heater_temp_set: { from: 60, to: 65 },
      heater_hysteresis: { from: 5, to: 5 },
      pump_mode: { from: 1, to: 2 },
      burner_mod: { from: false, to: true },
    },
  }

  it('names settings by the registry with their group, and leaves out what did not change', () => {
    const words = lines(settings)
    expect(words).toEqual([
      'Котел · Задана температура, °C: 60 → 65',
      expect.stringMatching(/^Насоси · Режим насосів: .+ → .+$/),
      'Пальник · Модуляція потужності: вимкнено → увімкнено',
    ])
    expect(words.join(' ')).not.toMatch(rawKey)
    expect(words.join(' ')).not.toContain('Гістерезис')
  })

  it('speaks English on an English screen', async () => {
    await setLanguage('en')
    const words = lines(settings)
    expect(words[0]).toBe('Boiler · Set temperature, °C: 60 → 65')
    expect(words[2]).toBe('Burner · Power modulation: off → on')
    expect(lines({ action: 'power', changes: { power: { from: 'off', to: 'on' } } })).toEqual([
      'The boiler was switched on',
    ])
    expect(lines({ action: 'refill', changes: { kg: { from: null, to: 30.5 } } })).toEqual([
      '30.5 kg of pellets poured in',
    ])
    await setLanguage('uk')
  })

  it('words on/off, handovers, shares, refills and fuel settings as sentences', () => {
    expect(lines({ action: 'power', changes: { power: { from: 'on', to: 'off' } } })).toEqual([
      'Котел вимкнено',
    ])
    expect(
      lines({
        action: 'handover',
        changes: { user_id: { from: 3, to: 9 }, owner: { from: 'Петро', to: 'Олена' } },
        subject: { email: 'olena@example.com', access: 'owner' },
      }),
    ).toEqual(['Новий власник — Олена (olena@example.com), попередній — Петро'])
    expect(
      lines({
        action: 'share-changed',
        changes: { access: { from: 'viewer', to: 'operator' } },
        subject: { email: 'son@example.com', access: 'operator' },
      }),
    ).toEqual(['Рівень доступу son@example.com: Перегляд → Керування'])
    expect(lines({ action: 'refill', changes: { kg: { from: null, to: 30.5 } } })).toEqual([
      'Засипано 30,5 кг пелет',
    ])
    expect(
      lines({
        action: 'pellet-delivery',
        changes: { kg: { from: null, to: 2000 }, delivered_at: { from: null, to: '2026-11-20' } },
      }),
    ).toEqual(['Привезено 2\u00a0000 кг пелет (2026-11-20)'])
    expect(
      lines({
        action: 'pellet-delivery-removed',
        changes: { kg: { from: 200, to: null }, delivered_at: { from: '2026-11-01', to: null } },
      }),
    ).toEqual(['Видалено доставку 200 кг пелет (2026-11-01)'])
    expect(
      lines({
        action: 'maintenance-done',
        changes: {
          task: { from: null, to: 'chimney_sweep' },
          done_at: { from: null, to: '2026-11-20T10:00:00.000Z' },
          note: { from: null, to: 'Сажі небагато' },
        },
      }),
    ).toEqual(['Виконано: Прочистити димохід (20.11.26) — Сажі небагато'])
    expect(
      lines({ action: 'maintenance-interval', changes: { annual_service: { from: 12, to: 24 } } }),
    ).toEqual(['Інтервал «Щорічне технічне обслуговування»: 12 → 24'])
    expect(
      lines({ action: 'heating-season', changes: { season_start: { from: '09-01', to: '10-15' } } }),
    ).toEqual(['Початок опалювального сезону: 1 вересня → 15 жовтня'])
    expect(lines({ action: 'pellet-store', changes: { reorder_lead_days: { from: 7, to: 5 } } })).toEqual([
      'Днів на доставку пелет: 7 → 5',
    ])
    expect(
      lines({
        action: 'fuel',
        changes: {
          pellet_price_per_tonne: { from: null, to: 9000 },
          boiler_efficiency: { from: 0.9, to: 0.85 },
        },
      }),
    ).toEqual([
      expect.stringMatching(/^Ціна пелет, грн за тонну: не задано → 9\s000$/),
      'ККД котла, %: 90 → 85',
    ])
    expect(lines({ action: 'edit', changes: { owner: { from: 'Петро', to: 'Петро Іванович' } } })).toEqual([
      'Власник: Петро → Петро Іванович',
    ])
  })

  it('hides an older entry that only recorded values sent again as they were', () => {
    const stale = entry({ changes: { heater_hysteresis: { from: 5, to: 5 } } })
    expect(shownInLog(stale, auditLines(stale, i18next.t, 'uk'))).toBe(false)
    const power = entry({ action: 'power', changes: { power: { from: 'on', to: 'on' } } })
    expect(shownInLog(power, auditLines(power, i18next.t, 'uk'))).toBe(false)
    const share = entry({ action: 'share-granted', subject: { email: 'a@example.com', access: 'viewer' } })
    expect(shownInLog(share, auditLines(share, i18next.t, 'uk'))).toBe(true)
  })
})
