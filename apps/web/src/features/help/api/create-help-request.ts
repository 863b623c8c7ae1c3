import { useMutation } from '@tanstack/react-query'
import type { HelpRequestData } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

/** POST help-requests {name, problem} (spec §7); support receives it by e-mail. */
export function createHelpRequest(request: HelpRequestData): Promise<unknown> {
  return apiRequest('help-requests', { method: 'POST', body: request })
}

export function useCreateHelpRequest() {
  return useMutation({ mutationFn: createHelpRequest })
}
