import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FuelSettingsPatch, fuelSettingsPatchSchema } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { parseAmount } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { type Fuel, useUpdateFuel } from '../api/fuel'

interface FuelSettingsDialogProps {
  itemId: string
  fuel: Fuel
  open: boolean
  onClose: () => void
}

type Field = 'calorific_value' | 'boiler_efficiency' | 'pellet_price_per_tonne' | 'hopper_capacity_kg'
const FIELDS: readonly Field[] = [
  'calorific_value',
  'boiler_efficiency',
  'pellet_price_per_tonne',
  'hopper_capacity_kg',
]
/** Fields that may be left empty (no price, no hopper size). */
const CLEARABLE = new Set<Field>(['pellet_price_per_tonne', 'hopper_capacity_kg'])
type FieldProblem = 'number' | 'required' | 'efficiency'

const shown = (value: number | null) => (value === null ? '' : String(value).replace('.', ','))

// Efficiency is edited in percent (90) and sent as a share (0.9).
function initialTexts(fuel: Fuel): Record<Field, string> {
  return {
    calorific_value: shown(fuel.calorific_value),
    boiler_efficiency: shown(Math.round(fuel.boiler_efficiency * 1000) / 10),
    pellet_price_per_tonne: shown(fuel.pellet_price_per_tonne),
    hopper_capacity_kg: shown(fuel.hopper_capacity_kg),
  }
}

/** The changed fields as the PATCH body; a field the owner did not touch is not sent. */
export function fuelPatch(
  fuel: Fuel,
  texts: Record<Field, string>,
): { patch: FuelSettingsPatch } | { errors: Partial<Record<Field, FieldProblem>> } {
  const patch: Record<string, number | null> = {}
  const errors: Partial<Record<Field, FieldProblem>> = {}
  for (const field of FIELDS) {
    const value = parseAmount(texts[field])
    if (value === null && !CLEARABLE.has(field)) errors[field] = 'required'
    else if (Number.isNaN(value)) errors[field] = 'number'
    else if (field === 'boiler_efficiency' && value !== null && (value < 30 || value > 100))
      errors[field] = 'efficiency'
    else {
      const wire = field === 'boiler_efficiency' && value !== null ? Math.round(value * 10) / 1000 : value
      if (wire !== fuel[field]) patch[field] = wire
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { patch }
}

/** The owner's fuel settings: pellets' calorific value, boiler efficiency, price and hopper size. */
export function FuelSettingsDialog({ itemId, fuel, open, onClose }: FuelSettingsDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateFuel(itemId)
  const [texts, setTexts] = useState(() => initialTexts(fuel))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = fuelPatch(fuel, texts)
    if ('errors' in result) {
      return setErrors(
        Object.fromEntries(
          Object.entries(result.errors).map(([field, kind]) => [field, t(`fuel.settings.errors.${kind}`)]),
        ),
      )
    }
    const checked = fuelSettingsPatchSchema.safeParse(result.patch)
    if (!checked.success) {
      return setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), domainMessage(issue.message)]),
        ),
      )
    }
    setErrors({})
    if (Object.keys(checked.data).length === 0) {
      toast.success(t('fuel.settings.unchanged'))
      return onClose()
    }
    update.mutate(checked.data, {
      onSuccess: () => {
        toast.success(t('fuel.settings.saved'))
        onClose()
      },
      onError: (failure) => {
        const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
        if (Object.keys(fields).length > 0) setErrors(fields)
        else toast.error(refusalMessage(failure, t('fuel.saveFailed')))
      },
    })
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('fuel.settings.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('fuel.settings.text')}</DialogContentText>
          <Stack spacing={2}>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                fullWidth
                label={t(`fuel.settings.fields.${field}`)}
                value={texts[field]}
                onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
                error={errors[field] !== undefined}
                helperText={errors[field] ?? t(`fuel.settings.hints.${field}`)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('fuel.cancel')}</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('fuel.settings.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
