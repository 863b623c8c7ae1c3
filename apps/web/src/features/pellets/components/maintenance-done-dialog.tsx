import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { MAINTENANCE_NOTE_MAX, type MaintenanceTask, maintenanceDoneSchema } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { refusalMessage } from '../../../lib/refusal-message'
import { useMarkDone } from '../api/maintenance'

type Field = 'done_at' | 'note'

interface MaintenanceDoneDialogProps {
  itemId: string
  task: MaintenanceTask
  today: string
  onClose: () => void
}

/** «Виконано»: the day the task was done (today unless said) and a note; the count starts again from it. */
export function MaintenanceDoneDialog({ itemId, task, today, onClose }: MaintenanceDoneDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const mark = useMarkDone(itemId)
  const [values, setValues] = useState<Record<Field, string>>({ done_at: today, note: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Today means now; another day is that day (noon, so any zone keeps it).
    const doneAt = values.done_at === today ? new Date().toISOString() : values.done_at
    const body = { done_at: doneAt, note: values.note.trim() === '' ? null : values.note }
    const parsed = maintenanceDoneSchema.safeParse(body)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= domainMessage(issue.message)
      return setErrors(found)
    }
    setErrors({})
    mark.mutate(
      { task, ...body },
      {
        onSuccess: () => {
          toast.success(t('pellets.maintenance.saved'))
          onClose()
        },
        onError: (failure) => {
          const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
          if (Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Field, string>>)
          else toast.error(refusalMessage(failure, t('pellets.saveFailed')))
        },
      },
    )
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t(`pellets.maintenance.tasks.${task}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              fullWidth
              label={t('pellets.maintenance.doneAt')}
              type="date"
              value={values.done_at}
              onChange={set('done_at')}
              error={errors.done_at !== undefined}
              helperText={errors.done_at}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('pellets.maintenance.note')}
              value={values.note}
              onChange={set('note')}
              error={errors.note !== undefined}
              helperText={errors.note}
              slotProps={{ htmlInput: { maxLength: MAINTENANCE_NOTE_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pellets.cancel')}</Button>
          <Button type="submit" variant="contained" loading={mark.isPending}>
            {t('pellets.maintenance.markDone')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
