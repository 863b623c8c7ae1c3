import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import type { RegisterFormInput } from '@teplo/domain'
import { useId } from 'react'
import { type Control, Controller } from 'react-hook-form'
import { domainMessage } from '../../../lib/domain-messages'

interface TermsCheckboxProps {
  control: Control<RegisterFormInput, unknown, unknown>
  label: string
}

/** The terms checkbox, unchecked at start; its error shows right under it (spec §4). */
export function TermsCheckbox({ control, label }: TermsCheckboxProps) {
  const helperId = useId()
  return (
    <Controller
      control={control}
      name="terms"
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.invalid}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': fieldState.invalid || undefined,
                    'aria-describedby': fieldState.error ? helperId : undefined,
                  },
                }}
              />
            }
          />
          {fieldState.error && (
            <FormHelperText id={helperId}>{domainMessage(fieldState.error.message)}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  )
}
