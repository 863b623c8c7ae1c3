import { useQuery } from '@tanstack/react-query'
import { type Document, type ItemResource, REFRESH_INTERVAL_MS } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { type Device, dashboardKeys, deviceFromDocument } from './device'

export async function getDevice(id: string, signal?: AbortSignal): Promise<Device> {
  const document = await apiRequest<Document<ItemResource>>(`items/${encodeURIComponent(id)}`, {
    query: { include: 'category' },
    noCache: true,
    signal,
  })
  return deviceFromDocument(document)
}

interface UseDeviceOptions {
  /** While the live stream delivers updates, polling is not needed. */
  live: boolean
}

/** The selected device, re-read every 30 s unless the live stream is up (spec §4, §9). */
export function useDevice(id: string | undefined, { live }: UseDeviceOptions) {
  return useQuery({
    queryKey: dashboardKeys.device(id ?? ''),
    queryFn: ({ signal }) => getDevice(id!, signal),
    enabled: id !== undefined,
    refetchInterval: live ? false : REFRESH_INTERVAL_MS,
    staleTime: 0,
  })
}
