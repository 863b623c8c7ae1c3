import { useMutation, useQueryClient } from '@tanstack/react-query'
import { firmwareOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export function useDeleteFirmware() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(firmwareOperations.deleteFirmwareImage, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  })
}
