import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { FUEL_LIMITS, hopperRefillSchema, refillMaxKg } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { parseAmount } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { type Fuel, useRefillHopper } from '../api/fuel'
import { formatAmount } from '../utils/fuel-format'

interface RefillDialogProps {
  itemId: string
  fuel: Fuel
  open: boolean
  onClose: () => void
}

/** «Засипав бункер»: how many kilograms went in (a full hopper unless told otherwise). */
export function RefillDialog({ itemId, fuel, open, onClose }: RefillDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const refill = useRefillHopper(itemId)
  const initial =
    fuel.hopper_capacity_kg === null ? '' : formatAmount(fuel.hopper_capacity_kg, 1).replace(/\s/g, '')
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const kg = parseAmount(text)
    const parsed = hopperRefillSchema.safeParse(kg === null ? {} : { kg })
    if (kg === null && fuel.hopper_capacity_kg === null) return setError(t('fuel.refill.needKg'))
    // A hopper holds no more than its capacity: the range is said before anything is sent.
    const range = { min: FUEL_LIMITS.refill_kg.min, max: refillMaxKg(fuel.hopper_capacity_kg) }
    const outOfRange = kg !== null && !Number.isNaN(kg) && (kg < range.min || kg > range.max)
    if (outOfRange || Number.isNaN(kg)) return setError(t('fuel.refill.range', range))
    if (!parsed.success) return setError(domainMessage(parsed.error.issues[0]?.message ?? ''))
    setError(null)
    refill.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('fuel.refill.done'))
        onClose()
      },
      onError: (failure) => {
        const field = failure instanceof ApiRequestError ? failure.fieldErrors.kg : undefined
        if (field) setError(field)
        else toast.error(refusalMessage(failure, t('fuel.saveFailed')))
      },
    })
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('fuel.refill.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('fuel.refill.text')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('fuel.refill.kg')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('fuel.cancel')}</Button>
          <Button type="submit" variant="contained" loading={refill.isPending}>
            {t('fuel.refill.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
