import Stack from '@mui/material/Stack'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-sharing.json'
import { AccessSection } from './access-section'
import { AuditSection } from './audit-section'
import type { SharedDevice } from './shared-device'

// The sharing screens' strings travel with them: this module is a lazily loaded chunk.
addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

/** «Доступ» and, for those responsible for the device (owner, installer, admin), «Журнал змін». */
export default function SharingPanel({ device }: { device: SharedDevice }) {
  const responsible = device.access === 'owner' || device.access === 'installer' || device.access === 'admin'
  return (
    <Stack spacing={3}>
      <AccessSection device={device} />
      {responsible && <AuditSection itemId={device.id} />}
    </Stack>
  )
}
