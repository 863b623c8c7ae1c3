import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginData, TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { setToken } from '../../../lib/auth-token'
import { profileQueryKey } from './get-profile'

export function login(credentials: LoginData): Promise<TokenResponse> {
  return apiRequest<TokenResponse>('login', { method: 'POST', body: credentials, auth: false })
}

/** Signs in: stores the token and forgets any profile of a previous session. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: profileQueryKey })
      setToken(response.access_token)
    },
  })
}
