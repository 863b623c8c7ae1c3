import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import MenuItem from '@mui/material/MenuItem'
import Select from '@mui/material/Select'
import { accessLabel } from '@teplo/domain'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'

interface DevicePickerProps {
  devices: readonly Device[]
  value: string
  onChange: (id: string) => void
}

/** Chooses the device the dashboard shows, by name. */
export function DevicePicker({ devices, value, onChange }: DevicePickerProps) {
  const { t } = useTranslation()
  const labelId = useId()
  return (
    <FormControl sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id={labelId}>{t('dashboard.device')}</InputLabel>
      <Select
        labelId={labelId}
        label={t('dashboard.device')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {devices.map((device) => (
          <MenuItem key={device.id} value={device.id}>
            {/* A device shared with the user says at what level (ADR 018). */}
            {device.access === 'owner'
              ? device.name
              : `${device.name} · ${accessLabel(device.access, currentLanguage())}`}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  )
}
