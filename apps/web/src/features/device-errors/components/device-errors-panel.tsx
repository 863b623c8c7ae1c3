import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DeviceSearchField } from '../../../components/device-search-field'
import { PageLoader } from '../../../components/ui/page-loader'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { SelectField } from '../../../components/ui/select-field'
import { useItem } from '../../../lib/items/get-item'
import { useItems } from '../../../lib/items/get-items'
import { withoutPending } from '../../../lib/items/item-document'
import { ItemErrorsList } from './item-errors-list'

/**
 * Device picker (by name; a pending device has never reported, so it has no errors) and the chosen
 * device's error events; the device named in the address, else the first, is shown at once. Administrators pick
 * among every account's devices, searched on the server.
 */
export function DeviceErrorsPanel({ everyone = false }: { everyone?: boolean }) {
  return everyone ? <EveryonesDeviceErrors /> : <OwnDeviceErrors />
}

function OwnDeviceErrors() {
  const { t } = useTranslation()
  const devices = useItems({ sort: 'name' }, withoutPending)
  // The chosen device lives in the address (?device=…), so links from the devices list and reloads keep it.
  const [params, setParams] = useSearchParams()
  const chosenId = params.get('device')
  const setChosenId = (id: string) => setParams({ device: id }, { replace: true })

  if (devices.isPending) return <PageLoader />
  if (devices.isError) {
    return <RetryAlert onRetry={() => devices.refetch()}>{t('deviceErrors.devicesFailed')}</RetryAlert>
  }
  if (devices.data.length === 0) {
    return <Typography sx={{ py: 4, textAlign: 'center' }}>{t('deviceErrors.noDevices')}</Typography>
  }

  const selected = devices.data.find((device) => device.id === chosenId) ?? devices.data[0]!
  return (
    <Stack spacing={3}>
      <Box sx={{ maxWidth: 360 }}>
        <SelectField
          label={t('deviceErrors.device')}
          value={selected.id}
          onChange={setChosenId}
          options={devices.data.map((device) => ({ value: device.id, label: device.name }))}
        />
      </Box>
      <ItemErrorsList device={selected} />
    </Stack>
  )
}

function EveryonesDeviceErrors() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const chosenId = params.get('device') ?? undefined
  const chosen = useItem(chosenId)
  // Nothing chosen yet: the first device by name, as for everyone else.
  const first = useItems({ everyone: true, sort: 'name', pageSize: 1 }, withoutPending)
  const selected = chosenId ? chosen.data : first.data?.[0]
  if (chosenId ? chosen.isPending : first.isPending) return <PageLoader />
  if (chosenId ? chosen.isError : first.isError) {
    const retry = () => (chosenId ? chosen.refetch() : first.refetch())
    return <RetryAlert onRetry={retry}>{t('deviceErrors.devicesFailed')}</RetryAlert>
  }
  if (!selected) {
    return <Typography sx={{ py: 4, textAlign: 'center' }}>{t('deviceErrors.noDevices')}</Typography>
  }
  return (
    <Stack spacing={3}>
      <Box sx={{ maxWidth: 480 }}>
        <DeviceSearchField
          value={selected}
          onChange={(device) => setParams({ device: device.id }, { replace: true })}
          label={t('deviceErrors.device')}
          texts={{
            hint: t('deviceErrors.searchHint'),
            loading: t('deviceErrors.searchLoading'),
            none: t('deviceErrors.noDevices'),
            failed: t('deviceErrors.devicesFailed'),
          }}
        />
      </Box>
      <ItemErrorsList device={selected} />
    </Stack>
  )
}
