import { useMutation, useQuery } from '@tanstack/react-query'
import type {
  invitationDocumentSchema,
  invitationListDocumentSchema,
  itemDocumentSchema,
} from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { useRefreshAccess } from './refresh-access'
import { sharingKeys } from './sharing-keys'

type InvitationDocument = z.infer<typeof invitationDocumentSchema>
type ItemDocument = z.infer<typeof itemDocumentSchema>

/** Offers addressed to the signed-in account's e-mail. */
export function useMyInvitations() {
  return useQuery({
    queryKey: sharingKeys.mine(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof invitationListDocumentSchema>>('invitations', { signal })).data,
  })
}

/** What a mailed link offers; works signed out. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: sharingKeys.preview(token),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<InvitationDocument>('invitations/preview', {
          method: 'POST',
          body: { token },
          auth: false,
          signal,
        })
      ).data,
    enabled: token !== '',
    retry: false,
  })
}

/** Accept by the link's token, or by id from the account's own list; answers the device. */
export function useAcceptInvitation() {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: async (by: { token: string } | { id: string }) =>
      (
        await apiRequest<ItemDocument>(
          'token' in by ? 'invitations/accept' : `invitations/${encodeURIComponent(by.id)}/accept`,
          { method: 'POST', body: 'token' in by ? { token: by.token } : undefined },
        )
      ).data,
    onSuccess: refresh,
  })
}

export function useDeclineInvitation() {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (id: string) => apiRequest(`invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
}
