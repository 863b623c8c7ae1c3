import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQueryClient } from '@tanstack/react-query'
import { REFRESH_INTERVAL_MS } from '@teplo/domain'
import { type ReactNode, useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { ApiRequestError } from '../../../lib/api-client'
import { useItem } from '../../../lib/items/get-item'
import { useItems } from '../../../lib/items/get-items'
import type { Device } from '../../../lib/items/item-document'
import { itemKeys } from '../../../lib/items/item-keys'
import { useReachability } from '../../../lib/server-reachability'
import { dashboardDevices, selectedDevice } from '../hooks/select-device'
import { useLiveDevice } from '../hooks/use-live-device'
import { DashboardEmpty, DashboardLoading } from './dashboard-states'
import { DeviceCards } from './device-cards'
import { DeviceHeader } from './device-header'

const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404

interface DashboardScreenProps {
  /** What the app shows under the selected device's cards (its history, from another feature). */
  deviceSections?: (device: Device) => ReactNode
  /** What the app shows above the selected device's cards (its active faults, from another feature). */
  deviceAlerts?: (device: Device) => ReactNode
}

/** The home screen (spec §2): loading, empty or the selected device with its cards. */
export function DashboardScreen({ deviceSections, deviceAlerts }: DashboardScreenProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { reachable } = useReachability()
  // The list of spec §7, past every cache: the user's devices and those shared with them (ADR 018).
  const devicesQuery = useItems({ noCache: true })
  // The chosen boiler lives in the address (?device=), so a reload or Back from another screen keeps it.
  const [params, setParams] = useSearchParams()
  const pickedId = params.get('device')
  const setPickedId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (id === null) next.delete('device')
          else next.set('device', id)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const all = devicesQuery.data ?? []
  const devices = dashboardDevices(all)
  const selected = selectedDevice(all, pickedId)
  const live = useLiveDevice(selected?.id)
  // The selected device is re-read every 30 s unless the live stream is up (spec §4, §9).
  const deviceQuery = useItem(selected?.id, { refetchInterval: live ? false : REFRESH_INTERVAL_MS })

  // A device that has gone away clears the selection and reloads the list (spec §4).
  const missing = isMissing(deviceQuery.error)
  useEffect(() => {
    if (!missing) return
    setPickedId(null)
    void queryClient.invalidateQueries({ queryKey: itemKeys.lists() })
  }, [missing, queryClient, setPickedId])

  let body: ReactNode
  if (devicesQuery.isPending) body = <DashboardLoading />
  // A failed re-read keeps what was shown (marked as of its time while the server is away).
  else if (devicesQuery.isError && !devicesQuery.data)
    body = <RetryAlert onRetry={() => devicesQuery.refetch()}>{t('dashboard.loadFailed')}</RetryAlert>
  else if (!selected) body = <DashboardEmpty />
  else {
    // The list entry shows the header at once; the device's own read replaces it when it arrives.
    const device = deviceQuery.data?.id === selected.id ? deviceQuery.data : selected
    body = (
      <>
        <DeviceHeader
          device={device}
          devices={devices}
          onSelect={setPickedId}
          asOf={reachable ? undefined : deviceQuery.dataUpdatedAt || devicesQuery.dataUpdatedAt}
        />
        {deviceAlerts?.(device)}
        {deviceQuery.isPending ? (
          <DashboardLoading />
        ) : missing || (deviceQuery.isError && deviceQuery.data?.id !== selected.id) ? (
          <RetryAlert onRetry={() => deviceQuery.refetch()}>
            {missing ? t('dashboard.notFound') : t('dashboard.loadFailed')}
          </RetryAlert>
        ) : (
          <>
            <DeviceCards device={device} />
            {deviceSections?.(device)}
          </>
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
