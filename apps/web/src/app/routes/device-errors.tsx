import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui/page-header'
import { DeviceErrorsPanel } from '../../features/device-errors/components/device-errors-panel'

export function DeviceErrorsRoute() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('routes.itemErrors')} />
      <DeviceErrorsPanel />
    </>
  )
}
