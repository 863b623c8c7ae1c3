import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { NewUserForm } from '../../features/users/components/new-user-form'

export function UserNewRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('routes.usersNew')} back={{ to: '/users/list', label: t('users.back') }} />
      <NewUserForm />
    </>
  )
}
