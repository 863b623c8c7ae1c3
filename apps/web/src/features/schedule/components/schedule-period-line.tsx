import Typography from '@mui/material/Typography'
import type { ActivePeriod } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { periodEnd } from '../utils/period'

/** «за розкладом: зниження до 18:00»: the period the boiler reports; nothing once it has ended unreported. */
export function SchedulePeriodLine({
  period,
  now = new Date(),
}: {
  period: ActivePeriod | null
  now?: Date
}) {
  const { t } = useTranslation()
  if (!period) return null
  const end = periodEnd(period, now)
  if (end === undefined) return null
  const text =
    end === null
      ? t(period.mode === 'reduced' ? 'schedule.period.reducedForGood' : 'schedule.period.comfortForGood')
      : t(period.mode === 'reduced' ? 'schedule.period.reduced' : 'schedule.period.comfort', { time: end })
  return (
    <Typography variant="subtitle1" component="p" data-testid="schedule-period" sx={{ fontWeight: 600 }}>
      {text}
    </Typography>
  )
}
