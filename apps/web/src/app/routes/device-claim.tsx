import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { effectiveRole } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { useToast } from '../../components/ui/toast-context'
import { useProfile } from '../../features/auth/api/get-profile'
import { ClaimDeviceForm } from '../../features/devices/components/claim-device-form'

/** «Додати пристрій» for everyone: take over a paired boiler; installers may also register a new controller. */
export function DeviceClaimRoute() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const profile = useProfile()
  const installer = profile.data ? effectiveRole(profile.data.roles) !== 'user' : false
  return (
    <>
      <PageHeader title={t('routes.itemsClaim')} back={{ to: '/dashboards', label: t('claim.back') }} />
      <Stack spacing={3}>
        <Typography sx={{ maxWidth: 640 }}>{t('claim.intro')}</Typography>
        <ClaimDeviceForm
          onClaimed={(device) => {
            toast.success(t('claim.done', { name: device.name }))
            navigate('/dashboards')
          }}
        />
        {installer && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('claim.installer')}</Typography>
            <Button component={RouterLink} to="/items/new" variant="outlined">
              {t('claim.register')}
            </Button>
          </Stack>
        )}
      </Stack>
    </>
  )
}
