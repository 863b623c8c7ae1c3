import SearchRounded from '@mui/icons-material/SearchRounded'
import FormControl from '@mui/material/FormControl'
import InputAdornment from '@mui/material/InputAdornment'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import { useId } from 'react'

interface SearchFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
}

/** Compact labelled search box; the caller debounces what it queries with. */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  const id = useId()
  return (
    <FormControl size="small" variant="outlined" sx={{ width: { xs: '100%', sm: 280 } }}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        startAdornment={
          <InputAdornment position="start">
            <SearchRounded fontSize="small" />
          </InputAdornment>
        }
      />
    </FormControl>
  )
}
