import Stack from '@mui/material/Stack'
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
import { NoAccessNotice } from '../guards/no-access-notice'

// ECharts and the history screens load only when a device's dashboard is shown.
const HistoryPanel = lazy(() => import('../../features/history/components/history-panel'))
// «Доступ» and «Журнал змін», and offers waiting for the account (ADR 018).
const SharingPanel = lazy(() => import('../../features/sharing/components/sharing-panel'))
const PendingInvitations = lazy(() => import('../../features/sharing/components/pending-invitations'))
// Boilers this account handed over lately: why they left the list (ADR 048).
const HandedOverNotice = lazy(() => import('../../features/sharing/components/handed-over-notice'))
// The weekly schedule: the period the boiler is in and the week grid (ADR 026).
const ScheduleSection = lazy(() => import('../../features/schedule/components/schedule-section'))
// The pellets' run-out and the way to «Паливо та обслуговування» (ADR 057).
const PelletForecastLine = lazy(() => import('../../features/pellets/components/pellet-forecast-line'))
// The circuits, buffer tank and hot water a controller announced; nothing for a single boiler (ADR 063).
const InstallationSection = lazy(() => import('../../features/installation/components/installation-section'))
// «Пороги тривог»: when the server raises this boiler's alarms (ADR 023).
const AlarmSettingsSection = lazy(
  () => import('../../features/notifications/components/alarm-settings-section'),
)

function DeviceHistory({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={<LoadingStatus>{t('dashboard.historyLoading')}</LoadingStatus>}>
        <HistoryPanel
          key={device.id}
          itemId={device.id}
          serialNumber={device.serial_number}
          access={device.access}
        />
      </Suspense>
    </SectionBoundary>
  )
}

function DeviceInstallation({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={null}>
        <InstallationSection key={device.id} itemId={device.id} />
      </Suspense>
    </SectionBoundary>
  )
}

function DeviceSchedule({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={<LoadingStatus>{t('dashboard.historyLoading')}</LoadingStatus>}>
        <ScheduleSection key={device.id} device={device} />
      </Suspense>
    </SectionBoundary>
  )
}

function DeviceAccess({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={<LoadingStatus>{t('dashboard.historyLoading')}</LoadingStatus>}>
        <SharingPanel key={device.id} device={device} />
      </Suspense>
    </SectionBoundary>
  )
}

function DeviceAlarmSettings({ device }: { device: Device }) {
  const { t } = useTranslation()
  return (
    <SectionBoundary message={t('dashboard.historyFailed')} reloadLabel={t('errors.reload')}>
      <Suspense fallback={<LoadingStatus>{t('dashboard.historyLoading')}</LoadingStatus>}>
        <AlarmSettingsSection key={device.id} itemId={device.id} access={device.access} />
      </Suspense>
    </SectionBoundary>
  )
}

/** The guard has loaded the profile; the dashboard lists that user's devices, each with its faults and history. */
export function DashboardRoute() {
  const { data: profile } = useProfile()
  if (!profile) return <PageLoader />
  return (
    <Stack spacing={3}>
      <NoAccessNotice />
      <Suspense fallback={null}>
        <HandedOverNotice />
        <PendingInvitations quiet />
      </Suspense>
      <DashboardScreen
        deviceAlerts={(device) => (
          <Fragment key={device.id}>
            <ActiveFaultsAlert itemId={device.id} />
            <DeviceAlarms itemId={device.id} />
          </Fragment>
        )}
        deviceSections={(device) => (
          <Stack spacing={3}>
            <Suspense fallback={null}>
              <PelletForecastLine key={device.id} itemId={device.id} />
            </Suspense>
            <DeviceInstallation device={device} />
            <DeviceSchedule device={device} />
            <DeviceHistory device={device} />
            <DeviceAlarmSettings device={device} />
            <DeviceAccess device={device} />
          </Stack>
        )}
      />
    </Stack>
  )
}
