import { useMutation, useQuery } from '@tanstack/react-query'
import {
  type InvitationResource,
  type ShareCreateInput,
  type ShareLevel,
  type ShareResource,
  sharingOperations,
} from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { useRefreshAccess } from './refresh-access'
import { sharingKeys } from './sharing-keys'

export function useShares(itemId: string) {
  return useQuery({
    queryKey: sharingKeys.shares(itemId),
    queryFn: async ({ signal }) =>
      (await call(sharingOperations.listShares, { params: { id: itemId } }, { signal })).data,
  })
}

/** Offers waiting to be accepted; only the owner (or an admin) may read them. */
export function useItemInvitations(itemId: string, enabled: boolean) {
  return useQuery({
    queryKey: sharingKeys.itemInvitations(itemId),
    queryFn: async ({ signal }) =>
      (await call(sharingOperations.listItemInvitations, { params: { id: itemId } }, { signal })).data,
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
      // 201 and the share for a known account, 202 and the invitation otherwise.
      const document = await call(sharingOperations.createShare, { params: { id: itemId }, body })
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
      call(sharingOperations.updateShare, { params: { id: itemId, shareId }, body: { access } }),
    onSuccess: refresh,
  })
}

/** Revoke a share (owner) or leave the device (one's own share). */
export function useDeleteShare(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (shareId: string) => call(sharingOperations.deleteShare, { params: { id: itemId, shareId } }),
    onSuccess: refresh,
  })
}

export function useCancelInvitation(itemId: string) {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (invitationId: string) =>
      call(sharingOperations.cancelInvitation, { params: { id: itemId, invitationId } }),
    onSuccess: refresh,
  })
}
