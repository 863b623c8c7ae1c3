import { useMutation } from '@tanstack/react-query'
import type { HelpRequestData, helpRequestDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'

/** POST help-requests {name, problem} (spec §7); support receives it by e-mail. */
export function createHelpRequest(request: HelpRequestData) {
  return apiRequest<z.infer<typeof helpRequestDocumentSchema>>('help-requests', {
    method: 'POST',
    body: request,
  })
}

export function useCreateHelpRequest() {
  return useMutation({ mutationFn: createHelpRequest })
}
