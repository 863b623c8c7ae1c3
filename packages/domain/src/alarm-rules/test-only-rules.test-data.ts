import { type MessageKey, msg } from '../i18n/message'
import { registerMessages } from '../i18n/messages'
import { reporting } from './conditions'
import type { AlarmRule } from './rule-types'

// Its wording, as a new kind's would be in the locales' `labels.alarm` and `labels.alarmThreshold` (ADR 055).
registerMessages('uk', {
  testOnlyAlarm: {
    subject: 'Поріг температури димових газів',
    unit: '°C',
    field: 'Димові гази, °C',
    range: 'Від {{min}} до {{max}} °C, ціле число',
    label: 'Перегрів димових газів',
    description: 'Температура димових газів {{value}} °C — вища за поріг {{threshold}} °C.',
    action: 'Перевірте тягу димоходу й очистіть теплообмінник.',
  },
})
registerMessages('en', {
  testOnlyAlarm: {
    subject: 'Flue gas threshold',
    unit: '°C',
    field: 'Flue gas, °C',
    range: 'From {{min}} to {{max}} °C, a whole number',
    label: 'Flue gas too hot',
    description: 'The flue gas is at {{value}} °C, above the threshold of {{threshold}} °C.',
    action: 'Check the chimney draught and clean the heat exchanger.',
  },
})
const key = (name: string) => `testOnlyAlarm.${name}` as MessageKey

/**
 * An alarm kind that exists only in tests: added to `ALARM_RULES` (with `vi.mock` of rules.ts) to prove that a new
 * kind with a threshold reaches the schemas, the table, the engine, the texts and the thresholds form without any
 * other edit. The flue gas too hot: judged from the device's state like overheat, cleared 20 °C below.
 */
export const TEST_ONLY_ALARM_RULES = {
  flue_gas_hot: {
    raisedBy: 'state',
    threshold: {
      setting: 'flue_gas_temp',
      column: 'flueGasTemp',
      storage: 'double',
      default: 250,
      min: 150,
      max: 350,
      whole: true,
      order: 6,
      subject: key('subject'),
      unit: key('unit'),
      field: key('field'),
      range: key('range'),
    },
    judge: ({ state, threshold }) => {
      const gas = state.gasTemp
      if (gas === null || threshold === null || !reporting(state.status) || gas <= threshold) return {}
      return { raise: { value: gas } }
    },
    clear: ({ state, threshold }) => {
      const gas = state.gasTemp
      if (gas === null || threshold === null) return null
      return gas <= threshold - 20 ? 'clear' : null
    },
    texts: {
      label: key('label'),
      description: ({ value, threshold }) => msg(key('description'), { value, threshold }),
      action: () => msg(key('action')),
    },
  },
} as const satisfies Record<string, AlarmRule>

/** The rules module with the test-only kind added to its table. */
export function withTestOnlyAlarmRules<Rules extends { ALARM_RULES: object }>(rules: Rules): Rules {
  return { ...rules, ALARM_RULES: { ...rules.ALARM_RULES, ...TEST_ONLY_ALARM_RULES } }
}
