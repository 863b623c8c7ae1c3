import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { MAINTENANCE_TASK_RULES } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { formatNumber, parseAmount } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { type MaintenanceTaskEntry, useSetInterval } from '../api/maintenance'

interface MaintenanceIntervalDialogProps {
  itemId: string
  task: MaintenanceTaskEntry
  onClose: () => void
}

/** The installer's interval of a task on this boiler, within the task's limits; empty goes back to the default. */
export function MaintenanceIntervalDialog({ itemId, task, onClose }: MaintenanceIntervalDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const save = useSetInterval(itemId)
  const rule = MAINTENANCE_TASK_RULES[task.task]
  const [value, setValue] = useState(String(task.interval))
  const [error, setError] = useState<string | undefined>()
  const range = t('pellets.maintenance.intervalRange', {
    min: formatNumber(rule.min, 0),
    max: formatNumber(rule.max, 0),
    unit: t(`pellets.maintenance.units.${rule.unit}`),
    fallback: formatNumber(rule.default, 0),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const amount = parseAmount(value)
    if (
      amount !== null &&
      (Number.isNaN(amount) || !Number.isInteger(amount) || amount < rule.min || amount > rule.max)
    )
      return setError(range)
    setError(undefined)
    save.mutate(
      { task: task.task, interval: amount },
      {
        onSuccess: () => {
          toast.success(t('pellets.maintenance.intervalSaved'))
          onClose()
        },
        onError: (failure) => {
          const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
          if (fields.interval) setError(fields.interval)
          else toast.error(refusalMessage(failure, t('pellets.saveFailed')))
        },
      },
    )
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t(`pellets.maintenance.tasks.${task.task}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              fullWidth
              autoFocus
              label={t(`pellets.maintenance.intervalLabel.${rule.unit}`)}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error !== undefined}
              helperText={error ?? range}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pellets.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('pellets.settings.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
