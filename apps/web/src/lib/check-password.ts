import { useMutation } from '@tanstack/react-query'
import { profileOperations } from '@teplo/domain'
import { call } from './operation-client'

/** Resolves when the password is the signed-in user's; rejects with status 401 when it is not. */
export function checkPassword(password: string): Promise<void> {
  // Here 401 means a wrong password, not an ended session.
  return call(profileOperations.checkPassword, { body: { password } }, { keepTokenOn401: true })
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword })
}
