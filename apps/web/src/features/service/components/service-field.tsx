import TextField from '@mui/material/TextField'
import {
  type ServiceSettingDefinition,
  serviceSettingHint,
  serviceSettingLabel,
  serviceUnit,
} from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n'

interface ServiceFieldProps {
  name: string
  setting: ServiceSettingDefinition
  value: string
  onChange: (value: string) => void
  readOnly: boolean
  error: string | undefined
  /** What the controller reported in effect, when it differs from the desired value. */
  reported: number | undefined
}

const decimal = (value: number) => String(value).replace('.', ',')

/** One service parameter: its label with the unit, its range (or its error) and the controller's own value. */
export function ServiceField({
  name,
  setting,
  value,
  onChange,
  readOnly,
  error,
  reported,
}: ServiceFieldProps) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const unit = serviceUnit(setting.unit, language)
  const range = t('service.range', {
    min: decimal(setting.min),
    max: decimal(setting.max),
    unit,
  })
  const notes = [
    reported !== undefined ? t('service.reported', { value: `${decimal(reported)} ${unit}` }) : null,
    serviceSettingHint(setting, language) ?? null,
  ].filter((note): note is string => note !== null)
  return (
    <TextField
      name={name}
      label={`${serviceSettingLabel(setting, language)}, ${unit}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? [range, ...notes].join(' · ')}
      fullWidth
      // The long labels («Оберти вентилятора під час розпалювання») sit above the box and wrap on a phone,
      // instead of being cut off inside its border.
      slotProps={{
        inputLabel: {
          shrink: true,
          sx: { position: 'relative', transform: 'none', whiteSpace: 'normal', maxWidth: 'none', mb: 0.75 },
        },
        input: { readOnly, notched: false },
        htmlInput: { inputMode: setting.step === 1 ? 'numeric' : 'decimal' },
      }}
    />
  )
}
