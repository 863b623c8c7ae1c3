import { useQuery } from '@tanstack/react-query'
import { type firmwareImageListDocumentSchema, firmwareOperations } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type FirmwareImageList = z.infer<typeof firmwareImageListDocumentSchema>
export type FirmwareImage = FirmwareImageList['data'][number]

/** Every uploaded image, newest first (administrators). */
export function useFirmwareImages() {
  return useQuery({
    queryKey: firmwareKeys.images(),
    queryFn: ({ signal }) => call(firmwareOperations.listFirmwareImages, {}, { noCache: true, signal }),
    // An image being sent becomes deletable when its rollout ends: read again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.data.some((image) => image.attributes.in_use) ? 5000 : false,
  })
}
