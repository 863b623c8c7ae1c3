import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { RolesTable } from '../../features/roles/components/roles-table'

export function RolesListRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('routes.rolesList')}
        actions={
          <Button component={RouterLink} to="/roles/new" variant="contained" startIcon={<AddRounded />}>
            {t('roles.add')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <RolesTable />
        </CardContent>
      </Card>
    </>
  )
}
