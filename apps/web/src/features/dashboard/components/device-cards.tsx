import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { ITEM_SETTINGS, LIMITS, pumpModeLabel, settingHint } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FlameBar } from '../../../components/ui/flame-bar'
import { formatGaugeNumber, Gauge } from '../../../components/ui/gauge'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { SettingCard } from './setting-card'
import { type DialogGroup, SettingsDialog } from './settings-dialog'

const TEMPERATURE_GAUGE_MAX = 100

function shown(value: number | null | undefined): string {
  return value == null ? '-' : formatGaugeNumber(value)
}

function Detail({ children }: { children: string }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
      {children}
    </Typography>
  )
}

/** The five cards of the device view, each opening the modal that sets its values. */
export function DeviceCards({ device }: { device: Device }) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<{ group: DialogGroup; session: number } | null>(null)
  const [open, setOpen] = useState(false)
  const edit = (group: DialogGroup) => () => {
    setDialog({ group, session: Date.now() })
    setOpen(true)
  }
  const celsius = t('dashboard.units.temperature')
  const kilowatt = t('dashboard.units.power')
  const noData = t('dashboard.noData')
  // A viewer (ADR 018) sees the values but may not change them, like an archived device.
  const archived = device.status === 'archive' || device.access === 'viewer'
  const powerMax = Math.max(LIMITS.burnerPower.gaugeMax, device.burner_power_set ?? 0)

  const temperatureCard = (
    group: 'heater' | 'tank',
    value: number | null,
    set: number | null,
    hysteresis: number | null,
  ) => {
    const title = t(`dashboard.${group}.title`)
    return (
      <SettingCard
        title={title}
        info={t(`dashboard.${group}.info`)}
        onEdit={edit(group)}
        editDisabled={archived}
      >
        <Gauge
          label={title}
          value={value}
          max={TEMPERATURE_GAUGE_MAX}
          unit={celsius}
          emptyText={noData}
          target={set}
        />
        <Detail>{t('dashboard.setValue', { value: shown(set), unit: celsius })}</Detail>
        <Detail>{t('dashboard.hysteresis', { value: shown(hysteresis), unit: celsius })}</Detail>
      </SettingCard>
    )
  }

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
        {temperatureCard('heater', device.heater_temp, device.heater_temp_set, device.heater_hysteresis)}
        {temperatureCard('tank', device.boiler_temp, device.boiler_temp_set, device.boiler_hysteresis)}
        <SettingCard
          title={t('dashboard.pump.title')}
          info={t('dashboard.pump.info')}
          onEdit={edit('mode')}
          editDisabled={archived}
        >
          <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, textAlign: 'center' }}>
            {pumpModeLabel(device.pump_mode, currentLanguage())}
          </Typography>
          <Detail>{settingHint(ITEM_SETTINGS.pump_mode, currentLanguage()) ?? ''}</Detail>
        </SettingCard>
        <SettingCard
          title={t('dashboard.gas.title')}
          info={t('dashboard.gas.info')}
          onEdit={edit('gas')}
          editDisabled={archived}
        >
          <Gauge
            label={t('dashboard.gas.title')}
            value={device.gas_temp}
            max={LIMITS.gasTemp.max}
            unit={celsius}
            emptyText={noData}
            color="var(--mui-palette-tint-gaugeGas)"
          />
          <Detail>
            {t('dashboard.gasRange', {
              min: shown(device.gas_temp_min),
              max: shown(device.gas_temp_max),
              unit: celsius,
            })}
          </Detail>
        </SettingCard>
        <SettingCard
          title={t('dashboard.power.title')}
          info={t('dashboard.power.info')}
          onEdit={edit('power')}
          editDisabled={archived}
        >
          <Gauge
            label={t('dashboard.power.title')}
            value={device.burner_power}
            max={powerMax}
            unit={kilowatt}
            emptyText={noData}
            target={device.burner_power_set}
            color="var(--mui-palette-tint-gaugePower)"
          />
          <Detail>
            {t('dashboard.setValue', { value: shown(device.burner_power_set), unit: kilowatt })}
          </Detail>
          <Detail>
            {t('dashboard.modulation', { state: t(device.burner_mod ? 'dashboard.on' : 'dashboard.off') })}
          </Detail>
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
            {t('dashboard.flame')}
          </Typography>
          <FlameBar label={t('dashboard.flame')} value={device.flame_brightness} emptyText={noData} />
        </SettingCard>
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
