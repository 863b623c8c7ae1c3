import { useMutation } from '@tanstack/react-query'
import { type Language, profileOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** PATCH me with the account's language: its screens, e-mails and notifications. Answers the changed profile. */
export function updateLanguage(language: Language) {
  return call(profileOperations.updateProfile, { body: { language } })
}

/** `onSaved` lets the screen keep the profile it shows in step with the account. */
export function useUpdateLanguage(onSaved?: (language: Language) => void) {
  return useMutation({ mutationFn: updateLanguage, onSuccess: (_document, language) => onSaved?.(language) })
}
