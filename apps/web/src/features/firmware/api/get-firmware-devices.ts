import { useQuery } from '@tanstack/react-query'
import { type firmwareDeviceListDocumentSchema, firmwareOperations } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type FirmwareDeviceList = z.infer<typeof firmwareDeviceListDocumentSchema>
export type FirmwareDevice = FirmwareDeviceList['data'][number]

/** The firmware of every device the account sees (the whole fleet for administrators). */
export function useFirmwareDevices() {
  return useQuery({
    queryKey: firmwareKeys.devices(),
    queryFn: ({ signal }) => call(firmwareOperations.listFirmwareDevices, {}, { noCache: true, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((device) =>
        ['sent', 'downloading', 'installing'].includes(device.attributes.update?.state ?? ''),
      )
        ? 2000
        : 30_000,
  })
}
