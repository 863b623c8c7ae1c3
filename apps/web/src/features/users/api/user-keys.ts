import type { ListParams } from '../../../components/ui/data-table-state'

export const userKeys = {
  all: ['users'] as const,
  list: (params: ListParams) => ['users', 'list', params] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
}
