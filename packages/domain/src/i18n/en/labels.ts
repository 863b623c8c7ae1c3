import {
  ACCESS_LEVEL_HINTS,
  ACCESS_LEVEL_HINTS_EN,
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVEL_LABELS_EN,
} from '../../access-levels'
import { ALARM_KIND_LABELS, ALARM_KIND_LABELS_EN } from '../../alarms'
import {
  ERROR_CODE_ACTIONS,
  ERROR_CODE_ACTIONS_EN,
  ERROR_CODE_DESCRIPTIONS,
  ERROR_CODE_DESCRIPTIONS_EN,
  UNKNOWN_ERROR_ACTION,
  UNKNOWN_ERROR_ACTION_EN,
  UNKNOWN_ERROR_LABEL,
  UNKNOWN_ERROR_LABEL_EN,
} from '../../item-errors'
import { PUMP_MODE_LABELS, PUMP_MODE_LABELS_EN } from '../../pump-modes'
import { ROLE_LABELS, ROLE_LABELS_EN } from '../../roles'
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

/** The domain's labels that already have English tables: their catalogue entries are those tables. */
export const LABEL_TWINS_EN: Catalogue = {
  ...twins(ACCESS_LEVEL_LABELS, ACCESS_LEVEL_LABELS_EN),
  ...twins(ACCESS_LEVEL_HINTS, ACCESS_LEVEL_HINTS_EN),
  ...twins(ALARM_KIND_LABELS, ALARM_KIND_LABELS_EN),
  ...twins(ERROR_CODE_DESCRIPTIONS, ERROR_CODE_DESCRIPTIONS_EN),
  ...twins(ERROR_CODE_ACTIONS, ERROR_CODE_ACTIONS_EN),
  ...twins(PUMP_MODE_LABELS, PUMP_MODE_LABELS_EN),
  ...twins(ROLE_LABELS, ROLE_LABELS_EN),
  ...twins(WORK_MODE_LABELS, WORK_MODE_LABELS_EN),
  [UNKNOWN_ERROR_ACTION]: UNKNOWN_ERROR_ACTION_EN,
  [UNKNOWN_ERROR_LABEL]: UNKNOWN_ERROR_LABEL_EN,
}
