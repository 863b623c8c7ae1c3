import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { operationPath, operations, type SetupAdminInput, type TokenResponse } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { setToken } from '../../../lib/auth-token'
import { currentLanguage } from '../../../lib/i18n'
import { profileQueryKey } from './get-profile'

// Both calls go without a session's token (a declared call always sends one): nobody is signed in yet.
const { checkSetupLink, setUpFirstAdmin } = operations

/** Whether the setup link printed at the server's start still works (ADR 044); a refusal is the answer. */
export function useSetupLinkCheck(token: string) {
  return useQuery({
    queryKey: ['setup-link', token],
    // A query's data cannot be undefined: the answer (204) is "the link works".
    queryFn: async ({ signal }) => {
      await apiRequest<undefined>(operationPath(checkSetupLink), {
        method: checkSetupLink.method,
        body: { token },
        auth: false,
        signal,
      })
      return true
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function setupAdmin(input: SetupAdminInput): Promise<TokenResponse> {
  const body = { ...input, language: input.language ?? currentLanguage() }
  return apiRequest<TokenResponse>(operationPath(setUpFirstAdmin), {
    method: setUpFirstAdmin.method,
    body,
    auth: false,
  })
}

/** Creates the installation's first administrator and signs it in. */
export function useSetupAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setupAdmin,
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: profileQueryKey })
      setToken(response.access_token)
    },
  })
}
