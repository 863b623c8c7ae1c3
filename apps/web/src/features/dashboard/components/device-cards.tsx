import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import {
  ITEM_SETTINGS,
  LIMITS,
  pumpModeLabel,
  SETTINGS_GROUPS,
  type SettingName,
  type SettingsGroup,
  settingHint,
} from '@teplo/domain'
import type { TFunction } from 'i18next'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FlameBar } from '../../../components/ui/flame-bar'
import { Gauge } from '../../../components/ui/gauge'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { type CardRow, cardRows } from '../utils/card-rows'
import { SettingCard } from './setting-card'
import { SettingsDialog } from './settings-dialog'

const TEMPERATURE_GAUGE_MAX = 100

function Detail({ children }: { children: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
      {children}
    </Typography>
  )
}

type Translate = TFunction

/**
 * What a card shows besides its setting rows: the reading it is about (a gauge) and anything after the rows. The
 * rows themselves come from the settings registry; `shows` are settings the picture already presents.
 */
interface CardPicture {
  /** The card's strings under `dashboard.<strings>` (title, info). */
  strings: 'heater' | 'tank' | 'pump' | 'gas' | 'power'
  above: (device: Device, t: Translate) => ReactNode
  below?: (device: Device, t: Translate) => ReactNode
  shows?: readonly SettingName[]
}

const temperatureGauge =
  (
    circuit: 'heater' | 'tank',
    reading: 'heater_temp' | 'boiler_temp',
    set: 'heater_temp_set' | 'boiler_temp_set',
  ) =>
  (device: Device, t: Translate) => (
    <Gauge
      label={t(`dashboard.${circuit}.title`)}
      value={device[reading]}
      max={TEMPERATURE_GAUGE_MAX}
      unit={t('dashboard.units.temperature')}
      emptyText={t('dashboard.noData')}
      target={device[set]}
    />
  )

// One picture per group: a group added to the registry's SETTINGS_GROUPS does not compile until it has one.
const CARD_PICTURES: Record<SettingsGroup, CardPicture> = {
  heater: {
    strings: 'heater',
    above: temperatureGauge('heater', 'heater_temp', 'heater_temp_set'),
  },
  tank: {
    strings: 'tank',
    above: temperatureGauge('tank', 'boiler_temp', 'boiler_temp_set'),
  },
  mode: {
    strings: 'pump',
    shows: ['pump_mode'],
    above: (device) => (
      <>
        <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, textAlign: 'center' }}>
          {pumpModeLabel(device.pump_mode, currentLanguage())}
        </Typography>
        <Detail>{settingHint(ITEM_SETTINGS.pump_mode, currentLanguage()) ?? ''}</Detail>
      </>
    ),
  },
  gas: {
    strings: 'gas',
    above: (device, t) => (
      <Gauge
        label={t('dashboard.gas.title')}
        value={device.gas_temp}
        max={LIMITS.gasTemp.max}
        unit={t('dashboard.units.temperature')}
        emptyText={t('dashboard.noData')}
        color="var(--mui-palette-tint-gaugeGas)"
      />
    ),
  },
  power: {
    strings: 'power',
    above: (device, t) => (
      <Gauge
        label={t('dashboard.power.title')}
        value={device.burner_power}
        max={Math.max(LIMITS.burnerPower.gaugeMax, device.burner_power_set ?? 0)}
        unit={t('dashboard.units.power')}
        emptyText={t('dashboard.noData')}
        target={device.burner_power_set}
        color="var(--mui-palette-tint-gaugePower)"
      />
    ),
    below: (device, t) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {t('dashboard.flame')}
        </Typography>
        <FlameBar
          label={t('dashboard.flame')}
          value={device.flame_brightness}
          emptyText={t('dashboard.noData')}
        />
      </>
    ),
  },
}

function rowText(row: CardRow, t: Translate): string {
  if (row.kind === 'unsupported')
    return t('dashboard.settingRow', { label: row.label, value: t('dashboard.unsupported') })
  if (row.kind === 'switch') {
    const value = row.on === null ? '-' : t(row.on ? 'dashboard.on' : 'dashboard.off')
    return t('dashboard.settingRow', { label: row.label, value })
  }
  return t('dashboard.settingRow', { label: row.label, value: row.value })
}

/** The cards of the device view, one per settings group in the registry's order, each opening its editor. */
export function DeviceCards({ device }: { device: Device }) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<{ group: SettingsGroup; session: number } | null>(null)
  const [open, setOpen] = useState(false)
  const edit = (group: SettingsGroup) => () => {
    setDialog({ group, session: Date.now() })
    setOpen(true)
  }
  // A viewer (ADR 018) sees the values but may not change them, like an archived device.
  const archived = device.status === 'archive' || device.access === 'viewer'
  const language = currentLanguage()

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {SETTINGS_GROUPS.map((group) => {
          const picture = CARD_PICTURES[group]
          return (
            <SettingCard
              key={group}
              title={t(`dashboard.${picture.strings}.title`)}
              info={t(`dashboard.${picture.strings}.info`)}
              onEdit={edit(group)}
              editDisabled={archived}
            >
              {picture.above(device, t)}
              {cardRows(group, device, language, picture.shows).map((row) => (
                <Detail key={row.name}>{rowText(row, t)}</Detail>
              ))}
              {picture.below?.(device, t)}
            </SettingCard>
          )
        })}
      </Box>
      {dialog && (
        <SettingsDialog
          key={dialog.session}
          group={dialog.group}
          device={device}
          open={open}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
