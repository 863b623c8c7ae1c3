import { useMutation, useQuery } from '@tanstack/react-query'
import { sharingOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { useRefreshAccess } from './refresh-access'
import { sharingKeys } from './sharing-keys'

/** Offers addressed to the signed-in account's e-mail. */
export function useMyInvitations() {
  return useQuery({
    queryKey: sharingKeys.mine(),
    queryFn: async ({ signal }) => (await call(sharingOperations.listMyInvitations, {}, { signal })).data,
  })
}

/** What a mailed link offers; works signed out. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: sharingKeys.preview(token),
    queryFn: async ({ signal }) =>
      (await call(sharingOperations.previewInvitation, { body: { token } }, { signal })).data,
    enabled: token !== '',
    retry: false,
  })
}

/** Accept by the link's token, or by id from the account's own list; answers the device. */
export function useAcceptInvitation() {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: async (by: { token: string } | { id: string }) =>
      ('token' in by
        ? await call(sharingOperations.acceptInvitationByToken, { body: { token: by.token } })
        : await call(sharingOperations.acceptInvitation, { params: { id: by.id } })
      ).data,
    onSuccess: refresh,
  })
}

export function useDeclineInvitation() {
  const refresh = useRefreshAccess()
  return useMutation({
    mutationFn: (id: string) => call(sharingOperations.declineInvitation, { params: { id } }),
    onSuccess: refresh,
  })
}
