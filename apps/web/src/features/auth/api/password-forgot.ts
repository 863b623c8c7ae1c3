import { useMutation } from '@tanstack/react-query'
import type { PasswordForgotData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

/** Where the e-mailed link leads: this app's own set-new-password screen (the server refuses other origins). */
export function resetRedirectUrl(origin = window.location.origin): string {
  return `${origin}/password/reset`
}

/** Asks for a reset letter; the server answers 204 whether or not the address is registered. */
export function requestPasswordReset(request: PasswordForgotData): Promise<void> {
  return apiRequest<void>('password-forgot', { method: 'POST', body: request, auth: false })
}

export function usePasswordForgot() {
  return useMutation({ mutationFn: requestPasswordReset })
}
