import { useMutation, useQuery } from '@tanstack/react-query'
import { accountEmailOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** Mails a new link proving the account's address (ADR 034). */
export function resendVerification(): Promise<void> {
  return call(accountEmailOperations.sendEmailVerification, {})
}

export function useResendVerification(onSent?: () => void) {
  return useMutation({ mutationFn: resendVerification, onSuccess: () => onSent?.() })
}

export type EmailLinkKind = 'verify' | 'undo'

/** Opens a mailed link: a verification or new-address link, or the old address's undo link. */
export function openEmailLink(kind: EmailLinkKind, token: string) {
  const operation =
    kind === 'verify' ? accountEmailOperations.openEmailLink : accountEmailOperations.undoEmailChange
  // Works signed out; a 401 here says nothing about a session.
  return call(operation, { body: { token } }, { keepTokenOn401: true })
}

/** The link is single use: opened once per screen, never retried or refetched. */
export function useOpenEmailLink(kind: EmailLinkKind, token: string) {
  return useQuery({
    queryKey: ['email-link', kind, token],
    queryFn: () => openEmailLink(kind, token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}
