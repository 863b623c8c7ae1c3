import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { kyivDate } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-pellets.json'
import { useMaintenance } from '../api/maintenance'
import { usePelletStore } from '../api/pellets'
import { leftLine, taskName } from './maintenance-list'
import { StoreForecast } from './store-forecast'

addScreenStrings(strings, () => import('../../../locales/en-pellets.json'))

/**
 * The dashboard's lines about fuel and maintenance: «Пелет вистачить до 12 січня — замовте до 2 січня», the task
 * that falls due first («Обслуговування: Прочистити димохід — залишилося 20 днів»), and the way to the screen.
 */
export default function PelletForecastLine({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const store = usePelletStore(itemId)
  const maintenance = useMaintenance(itemId)
  const next = maintenance.data?.tasks.find((task) => task.task === maintenance.data?.next_task)
  return (
    <Stack spacing={0.5} data-testid="pellet-forecast-line">
      {store.data && <StoreForecast store={store.data} today={kyivDate(new Date())} brief />}
      {next && (
        <Typography
          data-testid="maintenance-next"
          sx={{
            color:
              next.status === 'ok'
                ? 'text.secondary'
                : next.status === 'due'
                  ? 'tint.warningText'
                  : 'error.main',
          }}
        >
          {t('pellets.maintenance.next', {
            task: taskName(t, next.task),
            when: leftLine(t, next).toLowerCase(),
          })}
        </Typography>
      )}
      <Link component={RouterLink} to={`/items/${itemId}/fuel`}>
        {t('pellets.dashboard.open')}
      </Link>
    </Stack>
  )
}
