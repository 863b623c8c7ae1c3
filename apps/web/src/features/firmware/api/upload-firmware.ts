import { useMutation, useQueryClient } from '@tanstack/react-query'
import { firmwareOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type FirmwareUpload = { categoryId: string; version: string; notes: string; file: File }

/** Sends an image with its type, version and release notes as one multipart form (field attachment). */
export function uploadFirmware({ categoryId, version, notes, file }: FirmwareUpload) {
  const form = new FormData()
  form.append('category_id', categoryId)
  form.append('version', version)
  form.append('notes', notes)
  form.append('attachment', file)
  return call(firmwareOperations.uploadFirmwareImage, { body: form })
}

export function useUploadFirmware() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  })
}
