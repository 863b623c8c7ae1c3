import Box from '@mui/material/Box'
import type { CategoryResource } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../../components/ui/data-column'
import { DataTable } from '../../../components/ui/data-table'
import { useDataTableState } from '../../../components/ui/data-table-state'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { formatDate } from '../../../lib/dates'
import { useDeleteCategory } from '../api/delete-category'
import { useCategories } from '../api/get-categories'

/** Categories (device types) with name, description and creation date (spec §2 Lists). */
export function CategoriesTable() {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const state = useDataTableState()
  const categories = useCategories(state.params)
  const deleteCategory = useDeleteCategory()

  const columns: Column<CategoryResource>[] = [
    { key: 'name', label: t('categories.name'), sortable: true, render: (row) => row.attributes.name },
    {
      key: 'description',
      label: t('categories.description'),
      sortable: true,
      // Long descriptions wrap instead of widening the table.
      render: (row) => (
        <Box sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>{row.attributes.description}</Box>
      ),
    },
    {
      key: 'created_at',
      label: t('categories.createdAt'),
      sortable: true,
      render: (row) => formatDate(row.attributes.created_at),
    },
  ]

  return (
    <DataTable
      label={t('categories.list')}
      columns={columns}
      state={state}
      rows={categories.data?.data}
      page={categories.data?.meta.page}
      loading={categories.isPending}
      refreshing={categories.isFetching}
      failed={categories.isError}
      onRetry={() => categories.refetch()}
      emptyText={t('table.empty')}
      rowName={(row) => row.attributes.name}
      editPath={(row) => `/categories/edit/${row.id}`}
      onDelete={(row) =>
        deleteCategory.mutateAsync(row.id, {
          onSuccess: () => toast.success(t('categories.deleted')),
          onError: showFailure,
        })
      }
    />
  )
}
