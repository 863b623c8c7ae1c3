import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/dates'
import { addScreenStrings } from '../../../lib/i18n'
import { formatNumber } from '../../../lib/numbers'
import strings from '../../../locales/uk-installation.json'
import { type HeatingInstallation, useHeatingInstallation } from '../api/installation'

addScreenStrings(strings, () => import('../../../locales/en-installation.json'))

type Circuit = HeatingInstallation['circuits'][number]
type CircuitReadings = NonNullable<HeatingInstallation['readings']>['circuits'][number]

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  )
}

const celsius = (t: TFunction, value: number | null | undefined) =>
  value === null || value === undefined ? '—' : t('installation.celsius', { value: formatNumber(value) })

function CircuitBlock({ circuit, reading }: { circuit: Circuit; reading: CircuitReadings | undefined }) {
  const { t } = useTranslation()
  const title = circuit.name ?? t(`installation.kind.${circuit.kind}`)
  return (
    <Stack spacing={0.25} component="section" aria-label={title} data-testid={`circuit-${circuit.n}`}>
      <Typography sx={{ fontWeight: 600 }}>
        {title}{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {t('installation.circuit', { n: circuit.n })}
          {circuit.name ? ` · ${t(`installation.kind.${circuit.kind}`)}` : ''}
        </Typography>
      </Typography>
      {circuit.flow_sensor && <Row label={t('installation.flow')} value={celsius(t, reading?.flow_temp)} />}
      {circuit.room_sensor && <Row label={t('installation.room')} value={celsius(t, reading?.room_temp)} />}
      {circuit.mixing_valve && (
        <Row
          label={t('installation.valve')}
          value={
            reading?.valve_pos === null || reading?.valve_pos === undefined
              ? '—'
              : t('installation.percent', { value: formatNumber(reading.valve_pos, 0) })
          }
        />
      )}
      {circuit.pump && (
        <Row
          label={t('installation.pump')}
          value={
            reading?.pump_on === null || reading?.pump_on === undefined
              ? '—'
              : t(reading.pump_on ? 'installation.pumpOn' : 'installation.pumpOff')
          }
        />
      )}
    </Stack>
  )
}

function hotWaterLine(t: TFunction, hotWater: NonNullable<HeatingInstallation['hot_water']>) {
  const features = [
    ...(hotWater.boost ? [t('installation.hotWaterFeatures.boost')] : []),
    ...(hotWater.legionella ? [t('installation.hotWaterFeatures.legionella')] : []),
  ]
  return features.length > 0 ? features.join(', ') : t('installation.hotWaterFeatures.none')
}

/**
 * The heating installation the controller announced (ADR 063): its circuits with their newest readings, the
 * buffer tank and hot water. Nothing at all for a controller that announced none (the single-boiler model).
 */
export default function InstallationSection({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const query = useHeatingInstallation(itemId)
  const installation = query.data
  if (!installation) return null
  const { readings } = installation
  return (
    <Card component="section" aria-labelledby="installation-title" data-testid="installation-section">
      <CardContent>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography id="installation-title" variant="h6" component="h2">
              {t('installation.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {readings
                ? t('installation.readingsAt', { time: formatDateTime(readings.at) })
                : t('installation.noReadings')}
            </Typography>
          </Stack>
          {installation.circuits.map((circuit) => (
            <CircuitBlock
              key={circuit.n}
              circuit={circuit}
              reading={readings?.circuits.find((reading) => reading.n === circuit.n)}
            />
          ))}
          {installation.buffer_tank && (
            <Stack spacing={0.25} component="section" aria-label={t('installation.buffer')}>
              <Typography sx={{ fontWeight: 600 }}>{t('installation.buffer')}</Typography>
              {installation.buffer_tank.top_sensor && (
                <Row label={t('installation.bufferTop')} value={celsius(t, readings?.buffer_top)} />
              )}
              {installation.buffer_tank.bottom_sensor && (
                <Row label={t('installation.bufferBottom')} value={celsius(t, readings?.buffer_bottom)} />
              )}
            </Stack>
          )}
          {installation.hot_water && (
            <Row label={t('installation.hotWater')} value={hotWaterLine(t, installation.hot_water)} />
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
