import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type auditListDocumentSchema, sharingOperations } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { sharingKeys } from './sharing-keys'

export type AuditPage = z.infer<typeof auditListDocumentSchema>

export const AUDIT_PAGE_SIZE = 10

export function useAudit(itemId: string, page: number) {
  return useQuery({
    queryKey: sharingKeys.audit(itemId, page),
    queryFn: ({ signal }) =>
      call(
        sharingOperations.listItemAudit,
        { params: { id: itemId }, query: { 'page[number]': page, 'page[size]': AUDIT_PAGE_SIZE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })
}
