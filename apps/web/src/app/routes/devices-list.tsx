import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { DevicesList } from '../../features/devices/components/devices-list'

export function DevicesListRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('routes.items')}
        actions={
          <Button component={RouterLink} to="/items/new" variant="contained" startIcon={<AddRounded />}>
            {t('devices.add')}
          </Button>
        }
      />
      <DevicesList />
    </>
  )
}
