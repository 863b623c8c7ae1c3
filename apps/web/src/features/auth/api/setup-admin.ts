import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type SetupAdminInput, setupOperations } from '@teplo/domain'
import { setToken } from '../../../lib/auth-token'
import { currentLanguage } from '../../../lib/i18n'
import { call } from '../../../lib/operation-client'
import { profileQueryKey } from './get-profile'

// Both operations are public, sent without a session's token: nobody is signed in yet.

/** Whether the setup link printed at the server's start still works (ADR 044); a refusal is the answer. */
export function useSetupLinkCheck(token: string) {
  return useQuery({
    queryKey: ['setup-link', token],
    // A query's data cannot be undefined: the answer (204) is "the link works".
    queryFn: async ({ signal }) => {
      await call(setupOperations.checkSetupLink, { body: { token } }, { signal })
      return true
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function setupAdmin(input: SetupAdminInput) {
  return call(setupOperations.setUpFirstAdmin, {
    body: { ...input, language: input.language ?? currentLanguage() },
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
