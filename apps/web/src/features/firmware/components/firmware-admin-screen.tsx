import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useDeviceTypes } from '../api/get-device-types'
import { useFirmwareDevices } from '../api/get-firmware-devices'
import { useFirmwareImages } from '../api/get-firmware-images'
import { useRollouts } from '../api/get-rollouts'
import './firmware-strings'
import { FirmwareImagesList } from './firmware-images-list'
import { FleetVersions } from './fleet-versions'
import { RolloutsList } from './rollouts-list'
import { StartRolloutForm } from './start-rollout-form'
import { UploadFirmwareForm } from './upload-firmware-form'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  )
}

/** Administrators: the images per device type, rollouts with every device's progress, the fleet's versions. */
export function FirmwareAdminScreen() {
  const { t } = useTranslation()
  const types = useDeviceTypes()
  const images = useFirmwareImages()
  const [rolloutsPage, setRolloutsPage] = useState(1)
  const rollouts = useRollouts(rolloutsPage)
  const devices = useFirmwareDevices()
  const queries = [types, images, rollouts, devices]
  const failed = queries.find((query) => query.isError)
  if (failed) {
    return (
      <RetryAlert
        onRetry={() => {
          for (const query of queries) void query.refetch()
        }}
      >
        {t('firmware.loadFailed')}
      </RetryAlert>
    )
  }
  if (!types.data || !images.data || !rollouts.data || !devices.data) {
    return <LoadingStatus>{t('firmware.loading')}</LoadingStatus>
  }
  const names = new Map(types.data.map((type) => [type.id, type.name]))
  const typeName = (id: string) => names.get(id) ?? `№${id}`
  return (
    <Stack spacing={3}>
      <Section title={t('firmware.images.title')}>
        <Stack spacing={3}>
          <FirmwareImagesList images={images.data.data} typeName={typeName} />
          <UploadFirmwareForm deviceTypes={types.data} />
        </Stack>
      </Section>
      <Section title={t('firmware.rollouts.title')}>
        <Stack spacing={3}>
          <StartRolloutForm images={images.data.data} devices={devices.data.data} typeName={typeName} />
          <RolloutsList rollouts={rollouts.data.data} typeName={typeName} />
          {rollouts.data.meta.page.lastPage > 1 && (
            <Stack direction="row" spacing={1}>
              <Button disabled={rolloutsPage <= 1} onClick={() => setRolloutsPage(rolloutsPage - 1)}>
                {t('firmware.rollouts.newer')}
              </Button>
              <Button
                disabled={rolloutsPage >= rollouts.data.meta.page.lastPage}
                onClick={() => setRolloutsPage(rolloutsPage + 1)}
              >
                {t('firmware.rollouts.older')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Section>
      <Section title={t('firmware.fleet.title')}>
        <FleetVersions devices={devices.data.data} typeName={typeName} />
      </Section>
    </Stack>
  )
}
