import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FirmwareRolloutCreate, firmwareOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type RolloutRequest = {
  firmwareId: string
  /** Chosen devices; empty with `all` for every device of the image's type. */
  itemIds: string[]
  all: boolean
  /** Percent of the devices in the first stage; null for all at once. */
  stagePercent: number | null
}

export function startRollout(request: RolloutRequest) {
  const body: FirmwareRolloutCreate = {
    firmware_id: request.firmwareId,
    ...(request.all ? { all: true } : { item_ids: request.itemIds }),
    stage_percent: request.stagePercent,
  }
  return call(firmwareOperations.createFirmwareRollout, { body })
}

export function useStartRollout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startRollout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  })
}
