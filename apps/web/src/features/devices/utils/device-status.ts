import { itemManagementLabel, syncStatusLabel, unpairedSyncLabel } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import type { DeviceType } from '../api/get-device-types'

type StatusFields = Pick<Device, 'status' | 'verification_token'>

/** Connection status of spec §4; a pending device shows the code its controller must confirm. */
export function deviceStatusText(device: StatusFields): string {
  return itemManagementLabel(device.status, device.verification_token, currentLanguage())
}

/** Whether the controller has applied the last settings asked for; nothing to apply before it is paired. */
export function deviceSyncText(device: Pick<Device, 'status' | 'sync_status' | 'sync_reason'>): string {
  if (device.status === 'pending') return unpairedSyncLabel(currentLanguage())
  return syncStatusLabel(device.sync_status, device.sync_reason, currentLanguage())
}

/** The type preselected on a new device: the most recently created one, i.e. the highest id. */
export function lastTypeId(types: readonly DeviceType[]): string {
  let last: { id: string; value: number } | null = null
  for (const type of types) {
    const value = Number(type.id)
    if (Number.isFinite(value) && (last === null || value > last.value)) last = { id: type.id, value }
  }
  return last?.id ?? ''
}
