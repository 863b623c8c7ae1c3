import { useMutation, useQueryClient } from '@tanstack/react-query'
import { uploadOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { userKeys } from './user-keys'

/** The multipart field the server reads the picture from. */
export const ATTACHMENT_FIELD = 'attachment'

/** Stores the picture and sets it as the user's profile_image; answers its address. */
export function uploadProfileImage({ userId, file }: { userId: string; file: File }) {
  const form = new FormData()
  form.append(ATTACHMENT_FIELD, file)
  return call(uploadOperations.uploadProfileImage, { params: { id: userId }, body: form })
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
