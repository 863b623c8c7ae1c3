import type { MessageKey } from '../i18n/message'
import { registerMessages } from '../i18n/messages'
import type { SettingDefinition } from './registry'

// Their wording, as a new setting's would be in the locales' `labels.setting` (ADR 055).
registerMessages('uk', {
  testOnlySetting: {
    frostGuardTemp: 'Захист від замерзання, °C',
    burnerCleaning: 'Автоочищення пальника',
    burnerCleaningInvalid: 'Автоочищення має бути увімкнене або вимкнене',
  },
})
registerMessages('en', {
  testOnlySetting: {
    frostGuardTemp: 'Frost protection, °C',
    burnerCleaning: 'Automatic burner cleaning',
    burnerCleaningInvalid: 'Automatic cleaning must be on or off',
  },
})
const key = (name: string) => `testOnlySetting.${name}` as MessageKey

/**
 * The protocol revision the test-only settings arrive with: the first after the base (ADR 051). A literal: this
 * module is loaded by the mock of registry.ts, so it may not import the registry's values.
 */
export const TEST_ONLY_REVISION = 2

/**
 * Settings that exist only in tests: added to the registry (with `vi.mock` of registry.ts) to prove that a new
 * setting reaches everything derived from the registry without any other edit, and that a controller of the
 * base revision, which does not know them, keeps working.
 */
export const TEST_ONLY_SETTINGS = {
  frost_guard_temp: {
    kind: 'number',
    group: 'heater',
    since: TEST_ONLY_REVISION,
    column: 'frostGuardTemp',
    label: key('frostGuardTemp'),
    unit: 'celsius',
    min: 3,
    max: 15,
    step: 1,
    factory: 5,
  },
  burner_cleaning: {
    kind: 'boolean',
    group: 'power',
    since: TEST_ONLY_REVISION,
    column: 'burnerCleaning',
    label: key('burnerCleaning'),
    factory: false,
    invalid: key('burnerCleaningInvalid'),
  },
} as const satisfies Record<string, SettingDefinition>

/** The registry module with the test-only settings added to its table. */
export function withTestOnlySettings<Registry extends { ITEM_SETTINGS: object }>(
  registry: Registry,
): Registry {
  return { ...registry, ITEM_SETTINGS: { ...registry.ITEM_SETTINGS, ...TEST_ONLY_SETTINGS } }
}
