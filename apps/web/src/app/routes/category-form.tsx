import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LoadFailure } from '../../components/ui/load-failure'
import { PageHeader } from '../../components/ui/page-header'
import { PageLoader } from '../../components/ui/page-loader'
import { useCategory } from '../../features/categories/api/get-category'
import { CategoryForm } from '../../features/categories/components/category-form'

/** /categories/new and /categories/edit/:id. */
export function CategoryFormRoute() {
  const { t } = useTranslation()
  const { id } = useParams()
  return (
    <>
      <PageHeader
        title={t(id ? 'routes.categoriesEdit' : 'routes.categoriesNew')}
        back={{ to: '/categories/list', label: t('categories.back') }}
      />
      {id ? <EditCategory id={id} /> : <CategoryForm />}
    </>
  )
}

function EditCategory({ id }: { id: string }) {
  const category = useCategory(id)
  if (category.isPending) return <PageLoader />
  if (category.isError) return <LoadFailure error={category.error} onRetry={() => category.refetch()} />
  return <CategoryForm key={category.data.id} category={category.data} />
}
