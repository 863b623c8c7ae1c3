import { useTheme } from '@mui/material/styles'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTranslation } from 'react-i18next'
import type { ErrorRow } from '../utils/error-row'
import { ArchiveErrorButton } from './archive-error-button'
import { ItemErrorsCards } from './item-errors-cards'

const nowrap = { whiteSpace: 'nowrap' } as const

/** Error events of one device: a table, or stacked cards on a phone (no sideways scrolling). */
interface ItemErrorsTableProps {
  rows: readonly ErrorRow[]
  deviceName: string
  /** Whether the caller may archive the device's errors (else the column is left out). */
  archives: boolean
}

export function ItemErrorsTable({ rows, deviceName, archives }: ItemErrorsTableProps) {
  const { t } = useTranslation()
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  if (phone) return <ItemErrorsCards rows={rows} deviceName={deviceName} archives={archives} />
  const caption = t('deviceErrors.tableLabel', { name: deviceName })
  return (
    <TableContainer
      role="region"
      aria-label={caption}
      tabIndex={0}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Table size="small" sx={{ minWidth: 1060 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('deviceErrors.code')}</TableCell>
            <TableCell>{t('deviceErrors.description')}</TableCell>
            <TableCell>{t('deviceErrors.time')}</TableCell>
            <TableCell>{t('deviceErrors.ended')}</TableCell>
            <TableCell>{t('deviceErrors.mode')}</TableCell>
            <TableCell align="right">{t('deviceErrors.heaterTemp')}</TableCell>
            <TableCell align="right">{t('deviceErrors.boilerTemp')}</TableCell>
            <TableCell align="right">{t('deviceErrors.gasTemp')}</TableCell>
            <TableCell align="right">{t('deviceErrors.burnerPower')}</TableCell>
            {archives && <TableCell>{t('deviceErrors.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ ...nowrap, fontWeight: 700 }}>{row.code}</TableCell>
              <TableCell sx={{ minWidth: 260 }}>{row.description}</TableCell>
              <TableCell sx={nowrap}>{row.time}</TableCell>
              <TableCell sx={nowrap}>{row.ended}</TableCell>
              <TableCell sx={nowrap}>{row.mode}</TableCell>
              <TableCell align="right" sx={nowrap}>
                {row.heaterTemp}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {row.boilerTemp}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {row.gasTemp}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {row.burnerPower}
              </TableCell>
              {archives && (
                <TableCell>
                  <ArchiveErrorButton row={row} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
