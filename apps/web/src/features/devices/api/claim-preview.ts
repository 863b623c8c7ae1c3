import { useMutation } from '@tanstack/react-query'
import type { ClaimPreviewDocument, ItemClaimInput } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export type ClaimPreview = ClaimPreviewDocument['data']['attributes']

/** What a right serial and owner code would hand over, and who would lose access (ADR 033); nothing changes. */
export async function previewClaim(input: ItemClaimInput): Promise<ClaimPreview> {
  const document = await apiRequest<ClaimPreviewDocument>('items/claim/preview', {
    method: 'POST',
    body: { serial_number: String(input.serial_number), code: String(input.code) },
  })
  return document.data.attributes
}

export function useClaimPreview() {
  return useMutation({ mutationFn: previewClaim })
}
