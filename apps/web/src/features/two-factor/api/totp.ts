import { useMutation } from '@tanstack/react-query'
import type { RecoveryCodesDocument, TotpSetupDocument } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

/** A new secret for the authenticator app; the current password confirms it is the owner asking. */
export async function startTotpSetup(currentPassword: string): Promise<TotpSetupDocument['meta']> {
  const answer = await apiRequest<TotpSetupDocument>('me/two-factor/totp', {
    method: 'POST',
    body: { current_password: currentPassword },
  })
  return answer.meta
}

/** The first code from the app turns two-factor sign-in on; answers the recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  const answer = await apiRequest<RecoveryCodesDocument>('me/two-factor/totp/confirm', {
    method: 'POST',
    body: { code },
  })
  return answer.meta.recovery_codes
}

export async function disableTotp(currentPassword: string): Promise<void> {
  await apiRequest<void>('me/two-factor/totp', {
    method: 'DELETE',
    body: { current_password: currentPassword },
  })
}

export const useStartTotpSetup = () => useMutation({ mutationFn: startTotpSetup })
export const useConfirmTotp = () => useMutation({ mutationFn: confirmTotp })
export const useDisableTotp = () => useMutation({ mutationFn: disableTotp })
