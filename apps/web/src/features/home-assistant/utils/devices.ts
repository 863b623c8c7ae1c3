import type { Device } from '../../../lib/items/item-document'

/**
 * The boilers a connection can publish, as the server counts them: the account's own and shared ones in service —
 * not an administrator's view of the fleet, not those awaiting pairing or archived.
 */
export function publishableDevices(devices: Device[]): Device[] {
  return devices.filter(
    (device) => device.access !== 'admin' && device.status !== 'pending' && device.status !== 'archive',
  )
}
