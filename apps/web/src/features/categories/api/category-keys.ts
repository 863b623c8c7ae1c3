import type { ListParams } from '../../../components/ui/data-table-state'

export const categoryKeys = {
  all: ['categories'] as const,
  list: (params: ListParams) => ['categories', 'list', params] as const,
  detail: (id: string) => ['categories', 'detail', id] as const,
}
