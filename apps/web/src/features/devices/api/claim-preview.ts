import { useMutation } from '@tanstack/react-query'
import { type ClaimPreviewDocument, type ItemClaimInput, itemOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type ClaimPreview = ClaimPreviewDocument['data']['attributes']

/** What a right serial and owner code would hand over, and who would lose access (ADR 033); nothing changes. */
export async function previewClaim(input: ItemClaimInput): Promise<ClaimPreview> {
  const document = await call(itemOperations.previewItemClaim, {
    body: { serial_number: String(input.serial_number), code: String(input.code) },
  })
  return document.data.attributes
}

export function useClaimPreview() {
  return useMutation({ mutationFn: previewClaim })
}
