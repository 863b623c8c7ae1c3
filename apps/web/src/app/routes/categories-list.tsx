import AddRounded from '@mui/icons-material/AddRounded'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { CategoriesTable } from '../../features/categories/components/categories-table'

export function CategoriesListRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('routes.categoriesList')}
        actions={
          <Button component={RouterLink} to="/categories/new" variant="contained" startIcon={<AddRounded />}>
            {t('categories.add')}
          </Button>
        }
      />
      <Card>
        <CardContent>
          <CategoriesTable />
        </CardContent>
      </Card>
    </>
  )
}
