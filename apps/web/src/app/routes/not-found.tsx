import { useTranslation } from 'react-i18next'
import { ErrorPage } from '../../components/ui/error-page'

export function NotFoundRoute() {
  const { t } = useTranslation()
  return (
    <ErrorPage
      code={t('errors.notFoundCode')}
      title={t('routes.notFound')}
      text={t('errors.notFoundText')}
      home={t('errors.home')}
    />
  )
}
