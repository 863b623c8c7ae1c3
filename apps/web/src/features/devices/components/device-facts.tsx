import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../lib/dates'
import type { Device } from '../../../lib/items/item-document'
import { deviceStatusText } from '../utils/device-status'
import { DetailsList } from './details-list'

/** Read-only facts of the edit screen: connection status and when the device was added and changed. */
export function DeviceFacts({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <DetailsList
      strong
      items={[
        [t('devices.status'), deviceStatusText(device)],
        [t('devices.added'), formatDate(device.created_at)],
        [t('devices.form.updatedAt'), formatDate(device.updated_at)],
      ]}
      sx={{ p: 2, borderRadius: 1, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
    />
  )
}
