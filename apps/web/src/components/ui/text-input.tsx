import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput'
import { useId } from 'react'

export interface TextInputProps extends OutlinedInputProps {
  label: string
  /** Shown under the input; the field's error message when `error` is set. */
  helperText?: string
}

/**
 * Labelled outlined input. Built from the parts rather than TextField, which also bundles
 * Select, Menu and the other variants, to keep the sign-in screen light.
 */
export function TextInput({ id, label, helperText, error, ...input }: TextInputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const helperId = `${inputId}-helper`
  return (
    <FormControl error={error} fullWidth variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        aria-invalid={error || undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  )
}
