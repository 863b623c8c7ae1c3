import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import { type ChoiceSetting, settingChoiceLabel, settingHint, settingLabel } from '@teplo/domain'
import { useId } from 'react'
import { currentLanguage } from '../../../lib/i18n'

interface ChoiceFieldProps {
  setting: ChoiceSetting
  value: number | null
  onChange: (choice: number) => void
  error?: string
}

/** A setting with a few numbered modes, e.g. the four pump modes of spec §4 (1 Б+К, 2 Б, 3 К, 4 К+Б). */
export function ChoiceField({ setting, value, onChange, error }: ChoiceFieldProps) {
  const labelId = useId()
  const hintId = useId()
  const language = currentLanguage()
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId}>{settingLabel(setting, language)}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={hintId}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {setting.choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={String(choice)}
            control={<Radio />}
            label={settingChoiceLabel(setting, choice, language)}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={hintId}>{error ?? settingHint(setting, language)}</FormHelperText>
    </FormControl>
  )
}
