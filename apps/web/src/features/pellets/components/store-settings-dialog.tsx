import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { pelletStorePatchSchema } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { parseAmount } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { type PelletStore, useUpdatePelletStore } from '../api/pellets'
import { editableAmount } from '../utils/amounts'

type Field = 'capacity_kg' | 'reorder_lead_days' | 'min_stock_kg'

/** The store's capacity, the days a delivery takes and the reserve to keep. */
export function StoreSettingsDialog({
  itemId,
  store,
  onClose,
}: {
  itemId: string
  store: PelletStore
  onClose: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdatePelletStore(itemId)
  const [values, setValues] = useState<Record<Field, string>>({
    capacity_kg: editableAmount(store.capacity_kg),
    reorder_lead_days: String(store.reorder_lead_days),
    min_stock_kg: editableAmount(store.min_stock_kg),
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const number = (text: string) => {
    const value = parseAmount(text)
    return value === null ? undefined : Number.isNaN(value) ? text : value
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = pelletStorePatchSchema.safeParse({
      capacity_kg: values.capacity_kg.trim() === '' ? null : number(values.capacity_kg),
      reorder_lead_days: number(values.reorder_lead_days) ?? '',
      min_stock_kg: number(values.min_stock_kg) ?? 0,
    })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= domainMessage(issue.message)
      return setErrors(found)
    }
    setErrors({})
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('pellets.settings.done'))
        onClose()
      },
      onError: (failure) => {
        const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
        if (Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Field, string>>)
        else toast.error(refusalMessage(failure, t('pellets.saveFailed')))
      },
    })
  }

  const field = (name: Field, label: string, autoFocus = false) => (
    <TextField
      fullWidth
      autoFocus={autoFocus}
      label={label}
      value={values[name]}
      onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      slotProps={{ htmlInput: { inputMode: name === 'reorder_lead_days' ? 'numeric' : 'decimal' } }}
    />
  )

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('pellets.settings.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('capacity_kg', t('pellets.settings.capacity'), true)}
            {field('reorder_lead_days', t('pellets.settings.lead'))}
            {field('min_stock_kg', t('pellets.settings.reserve'))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pellets.cancel')}</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('pellets.settings.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
