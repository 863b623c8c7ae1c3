import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authOperations, type RegisterData, type RegisterResponse } from '@teplo/domain'
import { setToken } from '../../../lib/auth-token'
import { currentLanguage } from '../../../lib/i18n'
import { call } from '../../../lib/operation-client'
import { profileQueryKey } from './get-profile'

/**
 * A new account starts in the language this browser is showing. With `invitation_token` (the mailed link it came
 * through) and the invited address, the answer names the invitation it accepted (ADR 048).
 */
export function register(account: RegisterData): Promise<RegisterResponse> {
  const body = { ...account, language: account.language ?? currentLanguage() }
  return call(authOperations.registerAccount, { body })
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
