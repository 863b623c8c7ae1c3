import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { ErrorRow } from '../utils/error-row'
import { ArchiveErrorButton } from './archive-error-button'

/** The error events as stacked cards on a phone: every value and the archive button within the screen. */
export function ItemErrorsCards({
  rows,
  deviceName,
  archives,
}: {
  rows: readonly ErrorRow[]
  deviceName: string
  archives: boolean
}) {
  const { t } = useTranslation()
  return (
    <Stack
      component="ul"
      aria-label={t('deviceErrors.tableLabel', { name: deviceName })}
      spacing={1.5}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {rows.map((row) => {
        const facts = [
          [t('deviceErrors.ended'), row.ended],
          [t('deviceErrors.mode'), row.mode],
          [t('deviceErrors.heaterTemp'), row.heaterTemp],
          [t('deviceErrors.boilerTemp'), row.boilerTemp],
          [t('deviceErrors.gasTemp'), row.gasTemp],
          [t('deviceErrors.burnerPower'), row.burnerPower],
        ] as const
        return (
          <Card component="li" key={row.id} variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700 }}>{row.code}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {row.time}
                </Typography>
              </Stack>
              <Typography sx={{ my: 1, overflowWrap: 'anywhere' }}>{row.description}</Typography>
              <Stack component="dl" sx={{ m: 0, mb: 1 }} spacing={0.25}>
                {facts.map(([label, value]) => (
                  <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                      {value}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
              {archives && <ArchiveErrorButton row={row} />}
            </CardContent>
          </Card>
        )
      })}
    </Stack>
  )
}
