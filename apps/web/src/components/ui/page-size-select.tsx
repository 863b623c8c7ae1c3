import FormControl from '@mui/material/FormControl'
import InputLabel from '@mui/material/InputLabel'
import NativeSelect from '@mui/material/NativeSelect'
import OutlinedInput from '@mui/material/OutlinedInput'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES } from './data-table-state'

interface PageSizeSelectProps {
  value: number
  onChange: (size: number) => void
}

/** Rows per page of a table; a native select for the phone's own picker. */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <FormControl size="small" sx={{ width: 120 }}>
      <InputLabel htmlFor={id} shrink>
        {t('table.perPage')}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        input={<OutlinedInput label={t('table.perPage')} notched />}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  )
}
