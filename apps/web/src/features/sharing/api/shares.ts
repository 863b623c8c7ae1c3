import { useMutation, useQuery } from '@tanstack/react-query'
import type {
  InvitationResource,
  invitationListDocumentSchema,
  ShareCreateInput,
  ShareLevel,
  ShareResource,
  shareListDocumentSchema,
} from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { useRefreshAccess } from './refresh-access'
import { sharingKeys } from './sharing-keys'

const itemPath = (itemId: string, rest: string) => `items/${encodeURIComponent(itemId)}/${rest}`

export function useShares(itemId: string) {
  return useQuery({
    queryKey: sharingKeys.shares(itemId),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof shareListDocumentSchema>>(itemPath(itemId, 'shares'), { signal }))
        .data,
  })
}

/** Offers waiting to be accepted; only the owner (or an admin) may read them. */
export function useItemInvitations(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.itemInvitations(itemId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<z.infer<typeof invitationListDocumentSchema>>(itemPath(itemId, 'invitations'), {
          signal,
        })
      ).data,
    enabled,
  })
}

export type ShareCreated =
  | { kind: 'share'; share: ShareResource }
  | { kind: 'invitation'; invitation: InvitationResource }

export function useCreateShare(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: async (body: ShareCreateInput): Promise<ShareCreated> => {
      const document = await apiRequest<{ data: ShareResource | InvitationResource }>(
        itemPath(itemId, 'shares'),
        {
          method: 'POST',
          body: { data: { type: 'shares', attributes: body } },
        },
      )
      return document.data.type === 'shares'
        ? { kind: 'share', share: document.data }
        : { kind: 'invitation', invitation: document.data }
    },
    onSuccess: refresh,
  })
}

export function useChangeShare(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: ({ shareId, access }: { shareId: string; access: ShareLevel }) =>
      apiRequest(itemPath(itemId, `shares/${encodeURIComponent(shareId)}`), {
        method: 'PATCH',
        body: { data: { type: 'shares', id: shareId, attributes: { access } } },
      }),
    onSuccess: refresh,
  })
}

/** Revoke a share (owner) or leave the device (one's own share). */
export function useDeleteShare(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest(itemPath(itemId, `shares/${encodeURIComponent(shareId)}`), { method: 'DELETE' }),
    onSuccess: refresh,
  })
}

export function useCancelInvitation(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(itemPath(itemId, `invitations/${encodeURIComponent(invitationId)}`), { method: 'DELETE' }),
    onSuccess: refresh,
  })
}
