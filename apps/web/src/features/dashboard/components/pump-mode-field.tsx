import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { PUMP_MODES, pumpModeLabel } from '@teplo/domain'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

interface PumpModeFieldProps {
  value: number | null
  onChange: (mode: number) => void
  error?: string
}

/** The four pump modes of spec §4 (1 Б+К, 2 Б, 3 К, 4 К+Б). */
export function PumpModeField({ value, onChange, error }: PumpModeFieldProps) {
  const { t } = useTranslation()
  const labelId = useId()
  const hintId = useId()
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId}>{t('dashboard.fields.pump_mode')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={hintId}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {PUMP_MODES.map((mode) => (
          <FormControlLabel key={mode} value={String(mode)} control={<Radio />} label={pumpModeLabel(mode)} />
        ))}
      </RadioGroup>
      <FormHelperText id={hintId}>{error ?? t('dashboard.pump.hint')}</FormHelperText>
    </FormControl>
  )
}
