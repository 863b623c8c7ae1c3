import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../../lib/api-client'
import { dashboardKeys } from '../api/device'
import { useDevice } from '../api/get-device'
import { useDevices } from '../api/get-devices'
import { dashboardDevices, selectedDevice } from '../hooks/select-device'
import { useLiveDevice } from '../hooks/use-live-device'
import { DashboardEmpty, DashboardError, DashboardLoading } from './dashboard-states'
import { DeviceCards } from './device-cards'
import { DeviceHeader } from './device-header'

const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404

/** The home screen (spec §2): loading, empty or the selected device with its cards. */
export function DashboardScreen({ userId }: { userId: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const devicesQuery = useDevices(userId)
  const [pickedId, setPickedId] = useState<string | null>(null)
  const all = devicesQuery.data ?? []
  const devices = dashboardDevices(all)
  const selected = selectedDevice(all, pickedId)
  const live = useLiveDevice(selected?.id)
  const deviceQuery = useDevice(selected?.id, { live })

  // A device that has gone away clears the selection and reloads the list (spec §4).
  const missing = isMissing(deviceQuery.error)
  useEffect(() => {
    if (!missing) return
    setPickedId(null)
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.devices(userId) })
  }, [missing, queryClient, userId])

  let body: ReactNode
  if (devicesQuery.isPending) body = <DashboardLoading />
  else if (devicesQuery.isError)
    body = <DashboardError message={t('dashboard.loadFailed')} onRetry={() => devicesQuery.refetch()} />
  else if (!selected) body = <DashboardEmpty />
  else {
    // The list entry shows the header at once; the device's own read replaces it when it arrives.
    const device = deviceQuery.data?.id === selected.id ? deviceQuery.data : selected
    body = (
      <>
        <DeviceHeader device={device} devices={devices} onSelect={setPickedId} />
        {deviceQuery.isPending ? (
          <DashboardLoading />
        ) : deviceQuery.isError ? (
          <DashboardError
            message={missing ? t('dashboard.notFound') : t('dashboard.loadFailed')}
            onRetry={() => deviceQuery.refetch()}
          />
        ) : (
          <DeviceCards device={device} />
        )}
      </>
    )
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('routes.dashboards')}</Typography>
      {body}
    </Stack>
  )
}
