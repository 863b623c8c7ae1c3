import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RegisterData, RegisterResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { setToken } from '../../../lib/auth-token'
import { currentLanguage } from '../../../lib/i18n'
import { profileQueryKey } from './get-profile'

/**
 * A new account starts in the language this browser is showing. With `invitation_token` (the mailed link it came
 * through) and the invited address, the answer names the invitation it accepted (ADR 048).
 */
export function register(account: RegisterData): Promise<RegisterResponse> {
  const body = { ...account, language: account.language ?? currentLanguage() }
  return apiRequest<RegisterResponse>('register', { method: 'POST', body, auth: false })
}

/** Creates the account and signs it in straight away (spec §4). */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: profileQueryKey })
      setToken(response.access_token)
    },
  })
}
