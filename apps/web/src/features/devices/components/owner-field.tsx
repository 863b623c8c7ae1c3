import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type OwnerOption, useOwnerSearch } from '../api/search-owners'

interface OwnerFieldProps {
  value: OwnerOption | null
  onChange: (owner: OwnerOption | null) => void
  label: string
  /** Shown under the field while it is valid; `error` takes its place. */
  helperText?: string
  error?: string | undefined
  disabled?: boolean
}

const SEARCH_DEBOUNCE_MS = 300

/** «Власник»: an account chosen by name or e-mail, never free text. */
export function OwnerField({ value, onChange, label, helperText, error, disabled }: OwnerFieldProps) {
  const { t } = useTranslation()
  const [input, setInput] = useState('')
  const search = useDebouncedValue(input, SEARCH_DEBOUNCE_MS)
  const owners = useOwnerSearch(search)
  const options = owners.data ?? []
  return (
    <Autocomplete
      value={value}
      onChange={(_event, owner) => onChange(owner)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(owner) => (owner.email ? `${owner.name} (${owner.email})` : owner.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={owners.isFetching}
      loadingText={t('devices.ownerField.loading')}
      noOptionsText={owners.isError ? t('devices.ownerField.failed') : t('devices.ownerField.none')}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText ?? t('devices.ownerField.hint')}
        />
      )}
    />
  )
}
