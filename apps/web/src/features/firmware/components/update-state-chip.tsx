import Chip from '@mui/material/Chip'
import { FIRMWARE_UPDATE_STATE_LABELS, type FirmwareUpdateState } from '@teplo/domain'

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
  const label =
    state === 'downloading' && progress !== null && progress !== undefined
      ? `${FIRMWARE_UPDATE_STATE_LABELS[state]} ${progress} %`
      : FIRMWARE_UPDATE_STATE_LABELS[state]
  return <Chip size="small" color={COLOR[state]} label={label} data-state={state} />
}
