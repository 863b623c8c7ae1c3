import type { ItemAttributes } from '@teplo/domain'
import { withoutPending } from '../../../lib/items/item-document'

type Selectable = Pick<ItemAttributes, 'status' | 'is_on_homepage'> & { id: string }

/** Devices the dashboard may show: one still awaiting verification is hidden and never loaded. */
export function dashboardDevices<T extends Selectable>(devices: readonly T[]): T[] {
  return withoutPending(devices)
}

/**
 * The device the dashboard opens with (spec §2): the first non-pending device flagged is_on_homepage,
 * otherwise the first non-pending device, otherwise none.
 */
export function defaultDevice<T extends Selectable>(devices: readonly T[]): T | undefined {
  const shown = dashboardDevices(devices)
  return shown.find((device) => device.is_on_homepage) ?? shown[0]
}

/** The user's own pick while it is still shown, else the default. */
export function selectedDevice<T extends Selectable>(
  devices: readonly T[],
  pickedId: string | null,
): T | undefined {
  const picked = pickedId === null ? undefined : devices.find((device) => device.id === pickedId)
  return picked && picked.status !== 'pending' ? picked : defaultDevice(devices)
}
