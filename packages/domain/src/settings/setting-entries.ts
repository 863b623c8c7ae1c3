import {
  BASE_SETTINGS_REVISION,
  ITEM_SETTINGS,
  type SettingDefinition,
  type SettingName,
  type SettingsGroup,
  type SettingsValues,
} from './registry'

// Kept apart from the registry's table so that a test can replace the table and see everything follow.

/** Every setting with its name, in the registry's order (a typed view for loops). */
export function settingEntries(): [SettingName, SettingDefinition][] {
  return Object.entries(ITEM_SETTINGS) as [SettingName, SettingDefinition][]
}

export function settingsOfGroup(group: SettingsGroup): [SettingName, SettingDefinition][] {
  return settingEntries().filter(([, setting]) => setting.group === group)
}

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(ITEM_SETTINGS, name)
}

/** The settings a controller uses before it has received any (version 0), and the columns' defaults. */
export function factorySettings(): SettingsValues {
  return Object.fromEntries(
    settingEntries().map(([name, setting]) => [name, setting.factory]),
  ) as SettingsValues
}

/** The newest settings revision: what a current controller knows (the highest `since` of the registry). */
export function currentSettingsRevision(): number {
  return Math.max(BASE_SETTINGS_REVISION, ...settingEntries().map(([, setting]) => setting.since))
}

/** The settings a controller of a revision knows, in the registry's order. */
export function settingsKnownAt(revision: number): [SettingName, SettingDefinition][] {
  return settingEntries().filter(([, setting]) => setting.since <= revision)
}

/**
 * The settings a controller lacks, read from the set it reports in effect (its ack's `applied`): those of the
 * registry it leaves out. Nothing reported yet: nothing known to be missing.
 */
export function unsupportedSettings(reported: object | null | undefined): SettingName[] {
  if (!reported) return []
  return settingEntries()
    .filter(([name]) => !Object.hasOwn(reported, name))
    .map(([name]) => name)
}
