import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../../lib/numbers'
import type { PelletStore } from '../api/pellets'
import { daysBetween, formatDay, HORIZON_DAYS } from '../utils/forecast-days'

/**
 * The forecast in words: «Пелет вистачить до 12 січня — замовте до 2 січня», a warning once it is time to order,
 * the range the weather gives, or why there is no forecast yet.
 */
export function StoreForecast({
  store,
  today,
  brief = false,
}: {
  store: PelletStore
  today: string
  brief?: boolean
}) {
  const { t } = useTranslation()
  const { forecast } = store
  const runOut = forecast.store_run_out
  if (!runOut || !forecast.reorder_by) {
    return brief ? null : (
      <Typography sx={{ color: 'text.secondary' }}>{t('pellets.forecast.notEnoughHistory')}</Typography>
    )
  }
  if (daysBetween(today, runOut.date) >= HORIZON_DAYS) {
    return <Typography data-testid="pellet-forecast">{t('pellets.forecast.beyondHorizon')}</Typography>
  }
  const sentence = forecast.reorder_due
    ? t('pellets.forecast.orderNow', { date: formatDay(runOut.date) })
    : t('pellets.forecast.enoughUntil', {
        date: formatDay(runOut.date),
        orderBy: formatDay(forecast.reorder_by),
      })
  return (
    <Stack spacing={0.5}>
      {forecast.reorder_due ? (
        <Alert severity="warning" data-testid="pellet-forecast">
          {sentence}
        </Alert>
      ) : (
        <Typography variant={brief ? 'body1' : 'h3'} component="p" data-testid="pellet-forecast">
          {sentence}
        </Typography>
      )}
      {!brief && (
        <>
          <Typography sx={{ color: 'text.secondary' }}>
            {t('pellets.forecast.range', {
              earliest: formatDay(runOut.earliest),
              latest: formatDay(runOut.latest),
            })}
          </Typography>
          {forecast.hopper_run_out && (
            <Typography sx={{ color: 'text.secondary' }}>
              {t('pellets.forecast.hopperUntil', { date: formatDay(forecast.hopper_run_out.date) })}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {forecast.basis === 'degree_days' && forecast.kg_per_degree_day !== null
              ? t('pellets.forecast.basisDegreeDays', {
                  count: forecast.days_measured,
                  kg: formatNumber(forecast.kg_per_degree_day, 2),
                })
              : t('pellets.forecast.basis', { count: forecast.days_measured })}
          </Typography>
        </>
      )}
    </Stack>
  )
}
