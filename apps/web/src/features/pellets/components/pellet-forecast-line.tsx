import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { kyivDate } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-pellets.json'
import { usePelletStore } from '../api/pellets'
import { StoreForecast } from './store-forecast'

addScreenStrings(strings, () => import('../../../locales/en-pellets.json'))

/** The dashboard's line about pellets: «Пелет вистачить до 12 січня — замовте до 2 січня», and the way to the store. */
export default function PelletForecastLine({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const store = usePelletStore(itemId)
  return (
    <Stack spacing={0.5} data-testid="pellet-forecast-line">
      {store.data && <StoreForecast store={store.data} today={kyivDate(new Date())} brief />}
      <Link component={RouterLink} to={`/items/${itemId}/fuel`}>
        {t('pellets.dashboard.open')}
      </Link>
    </Stack>
  )
}
