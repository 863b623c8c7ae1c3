import TextField from '@mui/material/TextField'
import type { Ref } from 'react'

export interface SelectOption {
  value: string
  label: string
}

interface SelectFieldProps {
  label: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  /** Shown as a first, unselectable entry while nothing is chosen. */
  placeholder?: string
  error?: boolean
  helperText?: string
  disabled?: boolean
  inputRef?: Ref<HTMLSelectElement>
}

/** Labelled native select: the phone's own picker on small screens, plain keyboard use everywhere. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  onBlur,
  name,
  placeholder,
  error,
  helperText,
  disabled,
  inputRef,
}: SelectFieldProps) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      disabled={disabled}
      inputRef={inputRef}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  )
}
