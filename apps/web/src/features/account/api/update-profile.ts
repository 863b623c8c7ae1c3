import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** PATCH me carries exactly one change: the name, the password (with the current one), or the e-mail. */
export type ProfileChange =
  | { name: string }
  | { current_password: string; password: string; password_confirmation: string }
  | { email: string; current_password: string }

export function updateProfile(change: ProfileChange): Promise<unknown> {
  return apiRequest('me', { method: 'PATCH', body: { data: { type: 'users', attributes: change } } })
}

/** `onChanged` lets the screen refresh the profile it shows elsewhere (top bar, guards). */
export function useUpdateProfile(onChanged?: () => void) {
  return useMutation({ mutationFn: updateProfile, onSuccess: () => onChanged?.() })
}
