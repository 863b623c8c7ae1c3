import { useMutation } from '@tanstack/react-query'
import { type TotpSetupDocument, twoFactorOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** A new secret for the authenticator app; the current password confirms it is the owner asking. */
export async function startTotpSetup(currentPassword: string): Promise<TotpSetupDocument['meta']> {
  const answer = await call(twoFactorOperations.startTotpSetup, {
    body: { current_password: currentPassword },
  })
  return answer.meta
}

/** The first code from the app turns two-factor sign-in on; answers the recovery codes, shown once. */
export async function confirmTotp(code: string): Promise<string[]> {
  const answer = await call(twoFactorOperations.confirmTotp, { body: { code } })
  return answer.meta.recovery_codes
}

export async function disableTotp(currentPassword: string): Promise<void> {
  await call(twoFactorOperations.disableTotp, { body: { current_password: currentPassword } })
}

export const useStartTotpSetup = () => useMutation({ mutationFn: startTotpSetup })
export const useConfirmTotp = () => useMutation({ mutationFn: confirmTotp })
export const useDisableTotp = () => useMutation({ mutationFn: disableTotp })
