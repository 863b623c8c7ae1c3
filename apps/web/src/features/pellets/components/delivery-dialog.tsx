import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { pelletDeliverySchema } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { parseAmount } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { useRecordDelivery } from '../api/pellets'

type Field = 'kg' | 'price_total' | 'delivered_at' | 'supplier'

interface DeliveryDialogProps {
  itemId: string
  today: string
  onClose: () => void
}

/** A delivery of pellets: how much, what it cost, the day, from whom; checked by the domain's rules before sending. */
export function DeliveryDialog({ itemId, today, onClose }: DeliveryDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const record = useRecordDelivery(itemId)
  const [values, setValues] = useState<Record<Field, string>>({
    kg: '',
    price_total: '',
    delivered_at: today,
    supplier: '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const kg = parseAmount(values.kg)
    const price = parseAmount(values.price_total)
    const parsed = pelletDeliverySchema.safeParse({
      // Text that is not a number reaches the rules as text: they say what is wrong with it.
      kg: kg === null ? undefined : Number.isNaN(kg) ? values.kg : kg,
      price_total: price === null ? null : Number.isNaN(price) ? values.price_total : price,
      delivered_at: values.delivered_at,
      supplier: values.supplier.trim() === '' ? null : values.supplier,
    })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field
        found[field] ??= domainMessage(issue.message)
      }
      return setErrors(found)
    }
    setErrors({})
    record.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('pellets.delivery.done'))
        onClose()
      },
      onError: (failure) => {
        const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
        if (Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Field, string>>)
        else toast.error(refusalMessage(failure, t('pellets.saveFailed')))
      },
    })
  }

  const field = (name: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      {...extra}
    />
  )

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('pellets.delivery.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('kg', t('pellets.delivery.kg'), {
              autoFocus: true,
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })}
            {field('price_total', t('pellets.delivery.price'), {
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })}
            {field('delivered_at', t('pellets.delivery.date'), {
              type: 'date',
              slotProps: { inputLabel: { shrink: true }, htmlInput: { max: today } },
            })}
            {field('supplier', t('pellets.delivery.supplier'), {
              slotProps: { htmlInput: { maxLength: 100 } },
            })}
            <DialogContentText variant="body2">{t('pellets.delivery.priceNote')}</DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pellets.cancel')}</Button>
          <Button type="submit" variant="contained" loading={record.isPending}>
            {t('pellets.delivery.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
