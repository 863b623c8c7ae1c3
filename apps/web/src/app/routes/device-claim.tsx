import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { LosingAccess } from '@teplo/domain'
import { effectiveRole } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { useToast } from '../../components/ui/toast-context'
import { useProfile } from '../../features/auth/api/get-profile'
import { ClaimDeviceForm } from '../../features/devices/components/claim-device-form'
import {
  InviteInstallersBack,
  installersOf,
  LosingAccessNotice,
} from '../../features/sharing/components/handover-notice'

/** «Додати пристрій» for everyone: take over a paired boiler; installers may also register a new controller. */
export function DeviceClaimRoute() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const profile = useProfile()
  const installer = profile.data ? effectiveRole(profile.data.roles) !== 'user' : false
  // Claimed from an installer who lost access with it: offered to invite them back (ADR 033).
  const [handedOver, setHandedOver] = useState<{ itemId: string; people: LosingAccess[] } | null>(null)
  if (handedOver)
    return (
      <>
        <PageHeader title={t('routes.itemsClaim')} back={{ to: '/dashboards', label: t('claim.back') }} />
        <InviteInstallersBack
          itemId={handedOver.itemId}
          people={handedOver.people}
          onDone={() => navigate('/dashboards')}
        />
      </>
    )
  return (
    <>
      <PageHeader title={t('routes.itemsClaim')} back={{ to: '/dashboards', label: t('claim.back') }} />
      <Stack spacing={3}>
        <Typography sx={{ maxWidth: 640 }}>{t('claim.intro')}</Typography>
        <ClaimDeviceForm
          renderLosingAccess={(people) => <LosingAccessNotice people={people} />}
          onClaimed={(device, losing) => {
            toast.success(t('claim.done', { name: device.name }))
            if (installersOf(losing).length > 0) setHandedOver({ itemId: device.id, people: losing })
            else navigate('/dashboards')
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
