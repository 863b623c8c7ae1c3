import type { QueryClient } from '@tanstack/react-query'
import type { Device } from './item-document'
import { itemKeys } from './item-keys'

/** PATCH answers and live updates carry no type: the newer copy keeps the one already known. */
function newer(device: Device, previous: Device): Device {
  return device.category ? device : { ...device, category: previous.category }
}

/**
 * Writes a device the server has just sent (a PATCH answer or a live update) into every cache entry
 * already holding it: its own and each list, so no screen shows an older copy meanwhile.
 */
export function storeDevice(queryClient: QueryClient, device: Device): void {
  queryClient.setQueryData<Device>(itemKeys.detail(device.id), (previous) =>
    previous ? newer(device, previous) : undefined,
  )
  queryClient.setQueriesData<Device[]>({ queryKey: itemKeys.lists() }, (list) =>
    list?.some((entry) => entry.id === device.id)
      ? list.map((entry) => (entry.id === device.id ? newer(device, entry) : entry))
      : list,
  )
}
