import { useMutation } from '@tanstack/react-query'
import {
  type ProfileEmailData,
  type ProfileNameData,
  type ProfilePasswordData,
  profileOperations,
} from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** PATCH me carries exactly one change: the name, the password (with the current one), or the e-mail. */
export type ProfileChange =
  | ProfileNameData
  | ProfilePasswordData
  | (ProfileEmailData & Pick<ProfilePasswordData, 'current_password'>)

/** Answers the changed profile with its roles. */
export function updateProfile(change: ProfileChange) {
  return call(profileOperations.updateProfile, { body: change })
}

/** `onChanged` lets the screen refresh the profile it shows elsewhere (top bar, guards). */
export function useUpdateProfile(onChanged?: () => void) {
  return useMutation({ mutationFn: updateProfile, onSuccess: () => onChanged?.() })
}
