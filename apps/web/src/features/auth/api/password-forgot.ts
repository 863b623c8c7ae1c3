import { useMutation } from '@tanstack/react-query'
import { type PasswordForgotData, passwordResetOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** Where the e-mailed link leads: this app's own set-new-password screen (the server refuses other origins). */
export function resetRedirectUrl(origin = window.location.origin): string {
  return `${origin}/password/reset`
}

/** Asks for a reset letter; the server answers 204 whether or not the address is registered. */
export function requestPasswordReset(request: PasswordForgotData): Promise<void> {
  return call(passwordResetOperations.requestPasswordReset, { body: request })
}

export function usePasswordForgot() {
  return useMutation({ mutationFn: requestPasswordReset })
}
