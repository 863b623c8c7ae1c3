import { type RoleResource, roleLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../../components/ui/data-column'
import { DataTable } from '../../../components/ui/data-table'
import { useDataTableState } from '../../../components/ui/data-table-state'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { formatDate } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useDeleteRole } from '../api/delete-role'
import { useRoles } from '../api/get-roles'

// A built-in role shows its Ukrainian name after the name it has on the wire (what the list sorts by and the
// edit form changes).
const roleWithLabel = (name: string) => {
  const label = roleLabel(name, currentLanguage())
  return label === name ? name : `${name} (${label})`
}

/** Roles with name and creation date; 'Не знайдено' when nothing matches (spec §2 Lists). */
export function RolesTable() {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const state = useDataTableState()
  const roles = useRoles(state.params)
  const deleteRole = useDeleteRole()

  const columns: Column<RoleResource>[] = [
    {
      key: 'name',
      label: t('roles.name'),
      sortable: true,
      render: (role) => roleWithLabel(role.attributes.name),
    },
    {
      key: 'created_at',
      label: t('roles.createdAt'),
      sortable: true,
      render: (role) => formatDate(role.attributes.created_at),
    },
  ]

  return (
    <DataTable
      label={t('roles.list')}
      columns={columns}
      state={state}
      rows={roles.data?.data}
      page={roles.data?.meta.page}
      loading={roles.isPending}
      refreshing={roles.isFetching}
      failed={roles.isError}
      onRetry={() => roles.refetch()}
      emptyText={t('roles.empty')}
      rowName={(role) => role.attributes.name}
      editPath={(role) => `/roles/edit/${role.id}`}
      onDelete={(role) =>
        deleteRole.mutateAsync(role.id, {
          onSuccess: () => toast.success(t('roles.deleted')),
          onError: showFailure,
        })
      }
    />
  )
}
