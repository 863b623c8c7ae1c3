import { useMutation } from '@tanstack/react-query'
import type { Language, profileDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'

/** PATCH me with the account's language: its screens, e-mails and notifications. Answers the changed profile. */
export function updateLanguage(language: Language) {
  return apiRequest<z.infer<typeof profileDocumentSchema>>('me', {
    method: 'PATCH',
    body: { data: { type: 'users', attributes: { language } } },
  })
}

/** `onSaved` lets the screen keep the profile it shows in step with the account. */
export function useUpdateLanguage(onSaved?: (language: Language) => void) {
  return useMutation({ mutationFn: updateLanguage, onSuccess: (_document, language) => onSaved?.(language) })
}
