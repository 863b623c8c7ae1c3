import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { firmwareUpdateStateLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { type FirmwareDevice, useFirmwareDevices } from '../api/get-firmware-devices'
import './firmware-strings'
import { domainMessage } from '../../../lib/domain-messages'
import { currentLanguage } from '../../../lib/i18n'

function Verdict({ device }: { device: FirmwareDevice['attributes'] }) {
  const { t } = useTranslation()
  const update = device.update
  if (update && ['sent', 'downloading', 'installing'].includes(update.state)) {
    const name = firmwareUpdateStateLabel(update.state, currentLanguage())
    const state =
      update.state === 'downloading' && update.progress !== null ? `${name} ${update.progress} %` : name
    return (
      <Typography color="info.main">
        {t('firmware.owner.updating', { version: update.version, state })}
      </Typography>
    )
  }
  const lastFailed =
    update?.state === 'failed' && update.version !== device.firmware_version ? (
      <Typography color="error">
        {t('firmware.owner.failed', { version: update.version, reason: domainMessage(update.reason) ?? '' })}
      </Typography>
    ) : null
  let status: string
  let color = 'text.secondary'
  if (!device.latest_version) status = t('firmware.owner.noImage')
  else if (device.up_to_date === null) status = t('firmware.owner.latest', { version: device.latest_version })
  else if (device.up_to_date) {
    status = t('firmware.owner.upToDate')
    color = 'success.main'
  } else {
    status = t('firmware.owner.outdated', { version: device.latest_version })
    color = 'text.primary'
  }
  return (
    <>
      <Typography color={color} data-up-to-date={String(device.up_to_date)}>
        {status}
      </Typography>
      {lastFailed}
    </>
  )
}

/** An owner's boilers: the firmware each runs and whether it is the newest for its type. */
export function FirmwareOwnerScreen() {
  const { t } = useTranslation()
  const devices = useFirmwareDevices()
  if (devices.isError)
    return <RetryAlert onRetry={() => devices.refetch()}>{t('firmware.loadFailed')}</RetryAlert>
  if (!devices.data) return <LoadingStatus>{t('firmware.loading')}</LoadingStatus>
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {t('firmware.owner.title')}
      </Typography>
      <Typography color="text.secondary">{t('firmware.owner.intro')}</Typography>
      {devices.data.data.length === 0 && <Typography>{t('firmware.owner.empty')}</Typography>}
      {devices.data.data.map((device) => (
        <Card
          key={device.id}
          component="section"
          aria-label={device.attributes.name}
          data-serial={device.attributes.serial_number}
        >
          <CardContent>
            <Typography variant="h6" component="h3">
              {device.attributes.name}
            </Typography>
            <Typography color="text.secondary">{device.attributes.serial_number}</Typography>
            <Typography sx={{ mt: 1 }}>
              {device.attributes.firmware_version
                ? t('firmware.owner.installed', { version: device.attributes.firmware_version })
                : t('firmware.owner.noReport')}
            </Typography>
            <Verdict device={device.attributes} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}
