import { useTranslation } from 'react-i18next'
import { ErrorPage } from '../../../components/ui/error-page'

/** The 500 page (spec §1): what happened and a way back home. */
export function ServerErrorPage() {
  const { t } = useTranslation()
  return (
    <ErrorPage
      code={t('templates.serverError.code')}
      title={t('routes.serverError')}
      text={t('templates.serverError.text')}
      home={t('templates.home')}
    />
  )
}
