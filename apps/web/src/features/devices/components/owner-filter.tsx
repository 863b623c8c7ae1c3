import Box from '@mui/material/Box'
import { useTranslation } from 'react-i18next'
import type { OwnerOption } from '../api/search-owners'
import { OwnerField } from './owner-field'

interface OwnerFilterProps {
  value: OwnerOption | null
  onChange: (owner: OwnerOption | null) => void
}

/** Administrators: every account's devices, or one owner's (cleared: all of them). */
export function OwnerFilter({ value, onChange }: OwnerFilterProps) {
  const { t } = useTranslation()
  return (
    <Box sx={{ maxWidth: 420, mb: 2 }}>
      <OwnerField
        value={value}
        onChange={onChange}
        label={t('devices.ownerFilter')}
        helperText={t('devices.allOwners')}
      />
    </Box>
  )
}
