import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { UsersTable } from '../../features/users/components/users-table'

export function UsersListRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('routes.usersList')}
        actions={
          <Button component={RouterLink} to="/users/new" variant="contained" startIcon={<AddRounded />}>
            {t('users.add')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <UsersTable />
        </CardContent>
      </Card>
    </>
  )
}
