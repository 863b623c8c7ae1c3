import Stack from '@mui/material/Stack'
import type { ItemAccess } from '@teplo/domain'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-history.json'
import { FuelSection } from './fuel-section'
import { HistorySection, type HistorySectionProps } from './history-section'

// The history's strings travel with it: this module is the lazily loaded chunk of the dashboard.
addScreenStrings(strings, () => import('../../../locales/en-history.json'))

/** Everything the dashboard shows of a device's past: its history chart and its fuel. */
export default function HistoryPanel({ access, ...props }: HistorySectionProps & { access: ItemAccess }) {
  return (
    <Stack spacing={3}>
      <HistorySection {...props} />
      <FuelSection itemId={props.itemId} access={access} />
    </Stack>
  )
}
