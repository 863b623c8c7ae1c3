import { useMutation } from '@tanstack/react-query'
import { operationPath, operations } from '@teplo/domain'
import { apiRequest } from './api-client'

const check = operations.checkPassword

/** Resolves when the password is the signed-in user's; rejects with status 401 when it is not. */
export function checkPassword(password: string): Promise<void> {
  return apiRequest<void>(operationPath(check), {
    method: check.method,
    body: { password },
    // Here 401 means a wrong password, not an ended session (which a declared call cannot say).
    keepTokenOn401: true,
  })
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword })
}
