import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { firmwareImageDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { firmwareKeys } from './firmware-keys'

export type FirmwareUpload = { categoryId: string; version: string; notes: string; file: File }

/** Sends an image with its type, version and release notes as one multipart form (field attachment). */
export function uploadFirmware({ categoryId, version, notes, file }: FirmwareUpload) {
  const form = new FormData()
  form.append('category_id', categoryId)
  form.append('version', version)
  form.append('notes', notes)
  form.append('attachment', file)
  return apiRequest<z.infer<typeof firmwareImageDocumentSchema>>('firmware', { method: 'POST', body: form })
}

export function useUploadFirmware() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  })
}
