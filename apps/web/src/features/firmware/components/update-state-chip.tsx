import Chip from '@mui/material/Chip'
import { type FirmwareUpdateState, firmwareUpdateStateLabel } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'

const COLOR: Record<FirmwareUpdateState, 'default' | 'info' | 'success' | 'error'> = {
  waiting: 'default',
  sent: 'info',
  downloading: 'info',
  installing: 'info',
  succeeded: 'success',
  failed: 'error',
}

/** A device's update state; the download's percent beside it while downloading. */
export function UpdateStateChip({
  state,
  progress,
}: {
  state: FirmwareUpdateState
  progress?: number | null
}) {
  const name = firmwareUpdateStateLabel(state, currentLanguage())
  const label =
    state === 'downloading' && progress !== null && progress !== undefined ? `${name} ${progress} %` : name
  return <Chip size="small" color={COLOR[state]} label={label} data-state={state} />
}
