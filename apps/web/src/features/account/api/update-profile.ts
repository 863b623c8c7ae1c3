import { useMutation } from '@tanstack/react-query'
import type {
  ProfileEmailData,
  ProfileNameData,
  ProfilePasswordData,
  profileDocumentSchema,
} from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'

/** PATCH me carries exactly one change: the name, the password (with the current one), or the e-mail. */
export type ProfileChange =
  | ProfileNameData
  | ProfilePasswordData
  | (ProfileEmailData & Pick<ProfilePasswordData, 'current_password'>)

/** Answers the changed profile with its roles. */
export function updateProfile(change: ProfileChange) {
  return apiRequest<z.infer<typeof profileDocumentSchema>>('me', {
    method: 'PATCH',
    body: { data: { type: 'users', attributes: change } },
  })
}

/** `onChanged` lets the screen refresh the profile it shows elsewhere (top bar, guards). */
export function useUpdateProfile(onChanged?: () => void) {
  return useMutation({ mutationFn: updateProfile, onSuccess: () => onChanged?.() })
}
