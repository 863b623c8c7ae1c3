import AddRounded from '@mui/icons-material/AddRounded'
import RemoveRounded from '@mui/icons-material/RemoveRounded'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { TextInput } from '../../../components/ui/text-input'
import {
  type NumberFieldSpec,
  normalizeSettingText,
  parseSettingText,
  type SettingAdjustment,
  settingAdjustment,
  stepSettingText,
} from '../utils/settings-fields'

interface NumberStepperProps {
  spec: NumberFieldSpec
  label: string
  unit: string
  value: string
  onChange: (value: string) => void
  /** Leaving the field brings a typed value into range; `adjustment` says what changed (null: nothing). */
  onLeave?: (adjustment: SettingAdjustment | null) => void
  error?: string
  /** What happened to the typed value (not an error: the field now holds a valid value). */
  notice?: string
}

/**
 * A number input with − and + buttons (step 1, hysteresis 0.5). Typing is free; leaving the field clamps
 * the value into its range, and the field then says what it did. Arrow keys step as on a native spinbutton.
 */
export function NumberStepper({
  spec,
  label,
  unit,
  value,
  onChange,
  onLeave,
  error,
  notice,
}: NumberStepperProps) {
  const { t } = useTranslation()
  const parsed = parseSettingText(value, spec)
  const current = parsed === undefined || Number.isNaN(parsed) ? undefined : parsed
  const step = (direction: 1 | -1) => onChange(stepSettingText(value, spec, direction))

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    step(event.key === 'ArrowUp' ? 1 : -1)
  }

  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        onLeave?.(settingAdjustment(value, spec))
        onChange(normalizeSettingText(value, spec))
      }}
      error={Boolean(error)}
      helperText={error ?? notice ?? t('dashboard.range', { min: spec.min, max: spec.max, unit })}
      inputProps={{
        role: 'spinbutton',
        inputMode: spec.decimal ? 'decimal' : 'numeric',
        'aria-valuemin': spec.min,
        'aria-valuemax': spec.max,
        'aria-valuenow': current,
        autoComplete: 'off',
        onKeyDown,
      }}
      startAdornment={
        <InputAdornment position="start">
          <IconButton
            edge="start"
            size="small"
            aria-label={t('dashboard.decrease', { label })}
            disabled={current !== undefined && current <= spec.min}
            onClick={() => step(-1)}
          >
            <RemoveRounded fontSize="small" />
          </IconButton>
        </InputAdornment>
      }
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            size="small"
            aria-label={t('dashboard.increase', { label })}
            disabled={current !== undefined && current >= spec.max}
            onClick={() => step(1)}
          >
            <AddRounded fontSize="small" />
          </IconButton>
        </InputAdornment>
      }
    />
  )
}
