import { useMutation } from '@tanstack/react-query'
import { type HelpRequestData, helpOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

/** POST help-requests {name, problem} (spec §7); support receives it by e-mail. */
export function createHelpRequest(request: HelpRequestData) {
  return call(helpOperations.createHelpRequest, { body: request })
}

export function useCreateHelpRequest() {
  return useMutation({ mutationFn: createHelpRequest })
}
