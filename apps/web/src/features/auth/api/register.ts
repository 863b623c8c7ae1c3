import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RegisterData, TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { setToken } from '../../../lib/auth-token'
import { profileQueryKey } from './get-profile'

export function register(account: RegisterData): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('register', { method: 'POST', body: account, auth: false })
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
