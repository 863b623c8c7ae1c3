import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  type ActivePeriod,
  type ItemAccess,
  reducedHoursPerWeek,
  type SyncStatus,
  syncStatusLabel,
} from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { domainMessage } from '../../../lib/domain-messages'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/numbers'
import strings from '../../../locales/uk-schedule.json'
import { useSchedule } from '../api/schedule'
import { ScheduleEditor } from './schedule-editor'
import { SchedulePeriodLine } from './schedule-period-line'

// The schedule's strings travel with it: this module is a lazily loaded chunk.
addScreenStrings(strings, () => import('../../../locales/en-schedule.json'))

/** What the section needs of a device: the live item carries the period and the delivery of its settings. */
export type ScheduledDevice = {
  id: string
  access: ItemAccess
  sync_status: SyncStatus
  sync_reason: string | null
  schedule_period: ActivePeriod | null
}

const OPERATORS: readonly ItemAccess[] = ['owner', 'installer', 'operator', 'admin']

/** «Тижневий розклад» on the dashboard: the period the boiler is in, the schedule in short, and its editor. */
export default function ScheduleSection({ device }: { device: ScheduledDevice }) {
  const { t } = useTranslation()
  const schedule = useSchedule(device.id)
  const [editing, setEditing] = useState(false)
  const data = schedule.data
  return (
    <Card component="section" aria-labelledby="schedule-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="schedule-title" variant="h2">
            {t('schedule.title')}
          </Typography>
          <SchedulePeriodLine period={device.schedule_period} />
          {schedule.isPending && <LoadingStatus>{t('schedule.loading')}</LoadingStatus>}
          {schedule.isError && (
            <RetryAlert onRetry={() => void schedule.refetch()}>{t('schedule.loadFailed')}</RetryAlert>
          )}
          {data && (
            <>
              <Typography variant="body2">
                {data.enabled
                  ? t('schedule.summaryOn', {
                      hours: formatNumber(reducedHoursPerWeek(data)),
                      heater: data.heater_reduction,
                      boiler: data.boiler_reduction,
                    })
                  : t('schedule.summaryOff')}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="schedule-delivery">
                {t('schedule.delivery', {
                  status: syncStatusLabel(
                    device.sync_status,
                    domainMessage(device.sync_reason),
                    currentLanguage(),
                  ),
                })}
              </Typography>
              {OPERATORS.includes(device.access) && (
                <Button variant="outlined" onClick={() => setEditing(true)} sx={{ alignSelf: 'flex-start' }}>
                  {t('schedule.edit')}
                </Button>
              )}
              {editing && (
                <ScheduleEditor itemId={device.id} schedule={data} open onClose={() => setEditing(false)} />
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
