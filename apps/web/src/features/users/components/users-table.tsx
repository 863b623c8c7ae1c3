import { roleLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../../components/ui/data-column'
import { DataTable } from '../../../components/ui/data-table'
import { useDataTableState } from '../../../components/ui/data-table-state'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { formatDate } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useDeleteUser } from '../api/delete-user'
import { useUsers } from '../api/get-users'
import type { User } from '../api/user-document'

/** Users with name, e-mail, first role and creation date (spec §2 Lists). */
export function UsersTable() {
  const { t } = useTranslation()
  const toast = useToast()
  const showFailure = useFailureToast()
  const state = useDataTableState()
  const users = useUsers(state.params)
  const deleteUser = useDeleteUser()

  const columns: Column<User>[] = [
    { key: 'name', label: t('users.name'), sortable: true, render: (user) => user.name },
    { key: 'email', label: t('users.email'), sortable: true, render: (user) => user.email },
    // The server sorts by the user's own columns only; a role is a relationship.
    {
      key: 'role',
      label: t('users.role'),
      render: (user) => (user.role ? roleLabel(user.role.name, currentLanguage()) : '-'),
    },
    {
      key: 'created_at',
      label: t('users.createdAt'),
      sortable: true,
      render: (user) => formatDate(user.createdAt),
    },
  ]

  return (
    <DataTable
      label={t('users.list')}
      columns={columns}
      state={state}
      rows={users.data?.users}
      page={users.data?.page}
      loading={users.isPending}
      refreshing={users.isFetching}
      failed={users.isError}
      onRetry={() => users.refetch()}
      emptyText={t('table.empty')}
      rowName={(user) => user.name}
      searchLabel={t('users.search')}
      editPath={(user) => `/users/edit/${user.id}`}
      onDelete={(user) =>
        deleteUser.mutateAsync(user.id, {
          onSuccess: () => toast.success(t('users.deleted')),
          onError: showFailure,
        })
      }
    />
  )
}
