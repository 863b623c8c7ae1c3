import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoadFailure } from '../../components/ui/load-failure'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useRole } from '../../features/roles/api/get-role'
import { RoleForm } from '../../features/roles/components/role-form'

/** /roles/new and /roles/edit/:id. */
export function RoleFormRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  return (
    <>
      <PageHeader
        title={t(id ? 'routes.rolesEdit' : 'routes.rolesNew')}
        back={{ to: '/roles/list', label: t('roles.back') }}
      />
      {id ? <EditRole id={id} /> : <RoleForm />}
    </>
  )
}

function EditRole({ id }: { id: string }) {
  const role = useRole(id)
  if (role.isPending) return <PageLoader />
  if (role.isError) return <LoadFailure error={role.error} onRetry={() => role.refetch()} />
  return <RoleForm key={role.data.id} role={role.data} />
}
