import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { useTheme } from '@mui/material/styles'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { reductionSchema, type SchedulePatch } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { type Schedule, useUpdateSchedule } from '../api/schedule'
import { CopyDay } from './copy-day'
import { WeekGrid } from './week-grid'

type Draft = { enabled: boolean; heater: string; boiler: string; days: string[] }

const draftOf = (schedule: Schedule): Draft => ({
  enabled: schedule.enabled,
  heater: String(schedule.heater_reduction),
  boiler: String(schedule.boiler_reduction),
  days: schedule.days,
})

// A reduction as typed: a whole number of 0–30 °C, or null (the field shows the rule).
function reduction(text: string): number | null {
  const parsed = reductionSchema.safeParse(text.trim() === '' ? Number.NaN : Number(text))
  return parsed.success ? parsed.data : null
}

function Legend() {
  const { t } = useTranslation()
  const swatch = (color: string) => (
    <Box component="span" sx={{ display: 'inline-block', width: 14, height: 14, bgcolor: color, mr: 0.75 }} />
  )
  return (
    <Stack direction="row" spacing={2} aria-hidden>
      <Typography variant="body2">
        {swatch('action.hover')}
        {t('schedule.legendComfort')}
      </Typography>
      <Typography variant="body2">
        {swatch('info.main')}
        {t('schedule.legendReduced')}
      </Typography>
    </Stack>
  )
}

/** The schedule's editor: on/off, the two reductions, the week grid and copying a day; full screen on a phone. */
export function ScheduleEditor({
  itemId,
  schedule,
  open,
  onClose,
}: {
  itemId: string
  schedule: Schedule
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const [draft, setDraft] = useState(() => draftOf(schedule))
  const update = useUpdateSchedule(itemId)
  const heater = reduction(draft.heater)
  const boiler = reduction(draft.boiler)

  const save = () => {
    if (heater === null || boiler === null) return
    const body: SchedulePatch = {
      enabled: draft.enabled,
      heater_reduction: heater,
      boiler_reduction: boiler,
      days: draft.days,
    }
    const before = schedule.settings_version
    update.mutate(body, {
      onSuccess: (saved) => {
        toast[saved.settings_version === before ? 'info' : 'success'](
          t(saved.settings_version === before ? 'schedule.unchanged' : 'schedule.saved'),
        )
        onClose()
      },
      onError: () => toast.error(t('schedule.failed')),
    })
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="schedule-editor-title"
    >
      <DialogTitle id="schedule-editor-title">{t('schedule.title')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={2.5}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.enabled}
                onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
              />
            }
            label={t('schedule.enabled')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('schedule.heaterReduction')}
              value={draft.heater}
              onChange={(event) => setDraft({ ...draft, heater: event.target.value })}
              error={heater === null}
              helperText={t('schedule.reductionHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 0, max: 30 } }}
              size="small"
            />
            <TextField
              label={t('schedule.boilerReduction')}
              value={draft.boiler}
              onChange={(event) => setDraft({ ...draft, boiler: event.target.value })}
              error={boiler === null}
              helperText={t('schedule.reductionHelp')}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 0, max: 30 } }}
              size="small"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('schedule.hint')}
          </Typography>
          <Legend />
          <WeekGrid days={draft.days} onChange={(days) => setDraft((current) => ({ ...current, days }))} />
          <CopyDay days={draft.days} onChange={(days) => setDraft((current) => ({ ...current, days }))} />
          <Typography variant="body2" color="text.secondary">
            {t('schedule.timeZone')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('schedule.cancel')}</Button>
        <Button
          variant="contained"
          onClick={save}
          loading={update.isPending}
          disabled={heater === null || boiler === null}
        >
          {t('schedule.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
