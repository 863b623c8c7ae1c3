import { useMutation } from '@tanstack/react-query'
import { apiRequest } from './api-client'

/** Resolves when the password is the signed-in user's; rejects with status 401 when it is not. */
export function checkPassword(password: string): Promise<void> {
  return apiRequest<void>('auth/check-password', {
    method: 'POST',
    body: { password },
    // Here 401 means a wrong password, not an ended session.
    keepTokenOn401: true,
  })
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword })
}
