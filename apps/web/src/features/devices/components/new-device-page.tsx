import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { PageLoader } from '../../../components/ui/page-loader'
import { useDeviceTypes } from '../api/get-device-types'
import type { OwnerOption } from '../api/search-owners'
import { NewDeviceForm } from './new-device-form'

/** Waits for the device types, so that the last one can be preselected. */
export function NewDevicePage({
  defaultOwner,
  onDone,
}: {
  defaultOwner: OwnerOption | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const types = useDeviceTypes()
  if (types.isPending) return <PageLoader />
  return (
    <Stack spacing={2}>
      {types.isError && <Alert severity="error">{t('devices.typesFailed')}</Alert>}
      <NewDeviceForm defaultOwner={defaultOwner} types={types.data ?? []} onDone={onDone} />
    </Stack>
  )
}
