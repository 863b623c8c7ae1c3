import { Fragment, lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../components/ui/loading-status'
import { PageLoader } from '../../components/ui/page-loader'
import { SectionBoundary } from '../../components/ui/section-boundary'
import { useProfile } from '../../features/auth/api/get-profile'
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen'
import { ActiveFaultsAlert } from '../../features/device-errors/components/active-faults-alert'
import { DeviceAlarms } from '../../features/notifications/components/device-alarms'
import type { Device } from '../../lib/items/item-document'

// ECharts and the history screens load only when a device's dashboard is shown.
const HistoryPanel = lazy(() => import('../../features/history/components/history-panel'))

function DeviceHistory({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={<LoadingStatus>{t('dashboard.historyLoading')}</LoadingStatus>}>
        <HistoryPanel key={device.id} itemId={device.id} serialNumber={device.serial_number} />
      </Suspense>
    </SectionBoundary>
  )
}

/** The guard has loaded the profile; the dashboard lists that user's devices, each with its faults and history. */
export function DashboardRoute() {
  const { data: profile } = useProfile()
  if (!profile) return <PageLoader />
  return (
    <DashboardScreen
      userId={profile.id}
      deviceAlerts={(device) => (
        <Fragment key={device.id}>
          <ActiveFaultsAlert itemId={device.id} />
          <DeviceAlarms itemId={device.id} />
        </Fragment>
      )}
      deviceSections={(device) => <DeviceHistory device={device} />}
    />
  )
}
