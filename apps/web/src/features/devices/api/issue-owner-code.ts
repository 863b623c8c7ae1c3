import { useMutation } from '@tanstack/react-query'
import type { OwnerCodeDocument } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export type OwnerCode = OwnerCodeDocument['data']['attributes']

/** A code the new owner types with the serial to take the device over; it replaces any earlier one. */
export async function issueOwnerCode(id: string): Promise<OwnerCode> {
  const document = await apiRequest<OwnerCodeDocument>(`items/${encodeURIComponent(id)}/owner-code`, {
    method: 'POST',
  })
  return document.data.attributes
}

export function useIssueOwnerCode() {
  return useMutation({ mutationFn: issueOwnerCode })
}
