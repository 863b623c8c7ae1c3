import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiTokenCreateInput, type ApiTokenResource, apiTokenOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const apiTokensQueryKey = ['me', 'api-tokens'] as const

/** The account's personal API tokens, newest first (never their secrets). */
export async function fetchApiTokens(): Promise<ApiTokenResource[]> {
  const document = await call(apiTokenOperations.listApiTokens, {})
  return document.data
}

export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: fetchApiTokens })
}

/** Makes a token; answers its secret, which the server shows this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ApiTokenCreateInput) => {
      const answer = await call(apiTokenOperations.createApiToken, { body })
      return { token: answer.meta.token, resource: answer.data }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  })
}

/** Deletes a token: every request with it is refused from then on. */
export function useDeleteApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(apiTokenOperations.deleteApiToken, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  })
}
