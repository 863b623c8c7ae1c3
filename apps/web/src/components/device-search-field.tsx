import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { useItems } from '../lib/items/get-items'
import { type Device, withoutPending } from '../lib/items/item-document'
import { useDebouncedValue } from '../lib/use-debounced-value'

const SEARCH_DEBOUNCE_MS = 300
/** How many matches the server sends for what is typed. */
export const DEVICE_SEARCH_SIZE = 20

interface DeviceSearchFieldProps {
  value: Device | null
  onChange: (device: Device) => void
  label: string
  texts: { hint: string; loading: string; none: string; failed: string }
}

/**
 * An administrator's device picker: every account's devices, searched by name on the server, so it works with
 * thousands of boilers (the first matches are offered; typing narrows them).
 */
export function DeviceSearchField({ value, onChange, label, texts }: DeviceSearchFieldProps) {
  const [input, setInput] = useState('')
  const search = useDebouncedValue(input, SEARCH_DEBOUNCE_MS).trim()
  // While the chosen device's own label is in the box, the list is not narrowed to it.
  const typed = value && search === optionLabel(value) ? '' : search
  const found = useItems(
    { everyone: true, sort: 'name', pageSize: DEVICE_SEARCH_SIZE, ...(typed ? { name: typed } : {}) },
    withoutPending,
  )
  const options = found.data ?? []
  return (
    <Autocomplete
      value={value}
      onChange={(_event, device) => device && onChange(device)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={value && !options.some((d) => d.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={found.isFetching}
      loadingText={texts.loading}
      noOptionsText={found.isError ? texts.failed : texts.none}
      disableClearable={value !== null}
      renderInput={(params) => <TextField {...params} label={label} helperText={texts.hint} />}
    />
  )
}

/** A device as the picker names it: name, owner and serial tell apart boilers of the same name. */
export function optionLabel(device: Device): string {
  return `${device.name} — ${device.owner} (${device.serial_number})`
}
