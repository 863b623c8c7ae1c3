import { useQueryClient } from '@tanstack/react-query'
import { itemKeys } from '../../../lib/items/item-keys'
import { sharingKeys } from './sharing-keys'

/** After any change of access: every sharing list, and every device list and device (levels, a device gone). */
export function useRefreshAccess() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
      queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    ]).then(() => undefined)
}
