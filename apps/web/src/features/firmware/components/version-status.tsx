import Chip from '@mui/material/Chip'
import { useTranslation } from 'react-i18next'
import type { FirmwareDevice } from '../api/get-firmware-devices'

/** Whether a device runs the newest image of its type, as a chip. */
export function VersionStatus({ device }: { device: FirmwareDevice['attributes'] }) {
  const { t } = useTranslation()
  if (!device.latest_version) return <Chip size="small" label={t('firmware.status.noImage')} />
  if (device.up_to_date === null) return <Chip size="small" label={t('firmware.status.unknown')} />
  return device.up_to_date ? (
    <Chip size="small" color="success" label={t('firmware.status.upToDate')} />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      label={`${t('firmware.status.outdated')}: ${device.latest_version}`}
    />
  )
}
