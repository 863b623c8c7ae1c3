import { useMutation } from '@tanstack/react-query'
import { itemOperations, type OwnerCodeDocument } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type OwnerCode = OwnerCodeDocument['data']['attributes']

/** A code the new owner types with the serial to take the device over; it replaces any earlier one. */
export async function issueOwnerCode(id: string): Promise<OwnerCode> {
  const document = await call(itemOperations.issueOwnerCode, { params: { id } })
  return document.data.attributes
}

export function useIssueOwnerCode() {
  return useMutation({ mutationFn: issueOwnerCode })
}
