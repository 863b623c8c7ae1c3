import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import { effectiveRole } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { useProfile } from '../../features/auth/api/get-profile'
import type { OwnerOption } from '../../features/devices/api/search-owners'
import { DevicesList } from '../../features/devices/components/devices-list'
import { OwnerFilter } from '../../features/devices/components/owner-filter'
import { DeviceAlarmChip } from '../../features/notifications/components/device-alarm-chip'

export function DevicesListRoute() {
  const { t } = useTranslation()
  // The guard has loaded the profile before this screen shows.
  const profile = useProfile()
  const admin = profile.data ? effectiveRole(profile.data.roles) === 'admin' : false
  const [owner, setOwner] = useState<OwnerOption | null>(null)
  return (
    <>
      <PageHeader
        title={t('routes.items')}
        actions={
          <>
            {admin && (
              <Button component={RouterLink} to="/items/batch" variant="outlined">
                {t('devices.batch.link')}
              </Button>
            )}
            <Button component={RouterLink} to="/items/new" variant="contained" startIcon={<AddRounded />}>
              {t('devices.add')}
            </Button>
          </>
        }
      />
      {admin && <OwnerFilter value={owner} onChange={setOwner} />}
      <DevicesList
        owner={admin ? (owner?.id ?? 'all') : undefined}
        deviceExtra={(device) =>
          device.status === 'pending' ? null : <DeviceAlarmChip itemId={device.id} />
        }
      />
    </>
  )
}
