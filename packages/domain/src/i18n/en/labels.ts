import {
  ACCESS_LEVEL_HINTS,
  ACCESS_LEVEL_HINTS_EN,
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVEL_LABELS_EN,
} from '../../access-levels'
import {
  ALARM_KIND_LABELS,
  ALARM_KIND_LABELS_EN,
  ALARM_STATE_LABELS,
  ALARM_STATE_LABELS_EN,
  alarmThresholds,
  type Texts,
} from '../../alarms'
import {
  ERROR_CODE_ACTIONS,
  ERROR_CODE_ACTIONS_EN,
  ERROR_CODE_DESCRIPTIONS,
  ERROR_CODE_DESCRIPTIONS_EN,
  ERROR_MODE_STATUS_LABELS,
  ERROR_MODE_STATUS_LABELS_EN,
  UNKNOWN_ERROR_ACTION,
  UNKNOWN_ERROR_ACTION_EN,
  UNKNOWN_ERROR_LABEL,
  UNKNOWN_ERROR_LABEL_EN,
  UNKNOWN_MODE_STATUS_LABEL,
  UNKNOWN_MODE_STATUS_LABEL_EN,
} from '../../item-errors'
import { PUMP_MODE_LABELS, PUMP_MODE_LABELS_EN } from '../../pump-modes'
import {
  FIRMWARE_ROLLOUT_STATUS_LABELS,
  FIRMWARE_ROLLOUT_STATUS_LABELS_EN,
  FIRMWARE_UPDATE_STATE_LABELS,
  FIRMWARE_UPDATE_STATE_LABELS_EN,
} from '../../resources/firmware'
import { FLEET_ATTENTION_LABELS, FLEET_ATTENTION_LABELS_EN } from '../../resources/fleet'
import { ROLE_LABELS, ROLE_LABELS_EN } from '../../roles'
import {
  SERVICE_GROUP_LABELS,
  SERVICE_GROUP_LABELS_EN,
  SERVICE_SETTINGS,
  SERVICE_UNITS_EN,
} from '../../service-settings/catalogue'
import { ITEM_SETTINGS } from '../../settings/registry'
import { SETTING_UNITS_EN } from '../../settings/setting-texts'
import { WORK_MODE_LABELS, WORK_MODE_LABELS_EN } from '../../work-modes'
import type { Catalogue } from '../translate'

/** Each Ukrainian label of a table paired with its English twin, written beside it in the domain. */
function twins<Key extends PropertyKey>(
  ukrainian: Readonly<Record<Key, string>>,
  english: Readonly<Record<Key, string>>,
): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(ukrainian) as Key[]).map((key) => [ukrainian[key], english[key]] as const),
  )
}

/** A registry or catalogue entry's Ukrainian words paired with the English written in the same entry. */
function entryTwins(
  entries: readonly {
    label: string
    labelEn: string
    hint?: string
    hintEn?: string
    rowLabel?: string
    rowLabelEn?: string
  }[],
): Record<string, string> {
  return Object.fromEntries(
    entries.flatMap((entry) => [
      [entry.label, entry.labelEn],
      ...(entry.hint && entry.hintEn ? [[entry.hint, entry.hintEn]] : []),
      ...(entry.rowLabel && entry.rowLabelEn ? [[entry.rowLabel, entry.rowLabelEn]] : []),
    ]),
  )
}

/** The units' own English (the Ukrainian unit as the key). */
function unitTwins(english: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(english).filter(([unit, en]) => unit !== en))
}

/** Each alarm threshold's name and unit, as a refusal writes them (their English is in the kind's rule). */
function thresholdTwins(): Record<string, string> {
  const pairs = alarmThresholds().flatMap(({ threshold }) => [threshold.subject, threshold.unit])
  return Object.fromEntries(
    pairs.filter((texts: Texts) => texts.uk !== texts.en).map((texts) => [texts.uk, texts.en] as const),
  )
}

/** The domain's labels that already have English tables: their catalogue entries are those tables. */
export const LABEL_TWINS_EN: Catalogue = {
  ...twins(ACCESS_LEVEL_LABELS, ACCESS_LEVEL_LABELS_EN),
  ...twins(ACCESS_LEVEL_HINTS, ACCESS_LEVEL_HINTS_EN),
  ...twins(ALARM_KIND_LABELS, ALARM_KIND_LABELS_EN),
  ...thresholdTwins(),
  ...twins(ERROR_CODE_DESCRIPTIONS, ERROR_CODE_DESCRIPTIONS_EN),
  ...twins(ERROR_CODE_ACTIONS, ERROR_CODE_ACTIONS_EN),
  ...twins(PUMP_MODE_LABELS, PUMP_MODE_LABELS_EN),
  ...twins(ROLE_LABELS, ROLE_LABELS_EN),
  ...twins(WORK_MODE_LABELS, WORK_MODE_LABELS_EN),
  ...twins(ALARM_STATE_LABELS, ALARM_STATE_LABELS_EN),
  ...twins(ERROR_MODE_STATUS_LABELS, ERROR_MODE_STATUS_LABELS_EN),
  ...twins(FIRMWARE_UPDATE_STATE_LABELS, FIRMWARE_UPDATE_STATE_LABELS_EN),
  ...twins(FIRMWARE_ROLLOUT_STATUS_LABELS, FIRMWARE_ROLLOUT_STATUS_LABELS_EN),
  ...twins(FLEET_ATTENTION_LABELS, FLEET_ATTENTION_LABELS_EN),
  ...twins(SERVICE_GROUP_LABELS, SERVICE_GROUP_LABELS_EN),
  ...entryTwins(Object.values(ITEM_SETTINGS)),
  ...entryTwins(Object.values(SERVICE_SETTINGS)),
  ...unitTwins(SETTING_UNITS_EN),
  ...unitTwins(SERVICE_UNITS_EN),
  [UNKNOWN_MODE_STATUS_LABEL]: UNKNOWN_MODE_STATUS_LABEL_EN,
  [UNKNOWN_ERROR_ACTION]: UNKNOWN_ERROR_ACTION_EN,
  [UNKNOWN_ERROR_LABEL]: UNKNOWN_ERROR_LABEL_EN,
}
