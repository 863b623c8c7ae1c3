import type { ListParams } from '../../../components/ui/data-table-state'

export const roleKeys = {
  all: ['roles'] as const,
  list: (params: ListParams) => ['roles', 'list', params] as const,
  detail: (id: string) => ['roles', 'detail', id] as const,
}
