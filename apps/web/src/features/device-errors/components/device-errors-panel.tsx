import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { SelectField } from '../../../components/ui/select-field'
import { useItems } from '../../../lib/items/get-items'
import { withoutPending } from '../../../lib/items/item-document'
import { ItemErrorsList } from './item-errors-list'

/**
 * Device picker (by name; a pending device has never reported, so it has no errors) and the chosen
 * device's error events; the device named in the address, else the first, is shown at once.
 */
export function DeviceErrorsPanel() {
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
