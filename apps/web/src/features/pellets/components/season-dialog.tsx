import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { intlLocale } from '../../../lib/i18n'
import { refusalMessage } from '../../../lib/refusal-message'
import { useUpdateSeason } from '../api/pellets'

type Edge = 'season_start' | 'season_end'

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1)
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)
// Days each month can have (29 February: the last of February in a year without one).
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

const split = (monthDay: string) => {
  const [month = 9, day = 1] = monthDay.split('-').map(Number)
  return { month, day }
}
const join = ({ month, day }: { month: number; day: number }) =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

interface SeasonDialogProps {
  itemId: string
  start: string
  end: string
  onClose: () => void
}

/**
 * The heating season's first and last day (ADR 058), each a day and a month chosen from lists (the phone's own
 * pickers): no year, as the season comes back every year. The server checks the pair again (422 naming the day).
 */
export function SeasonDialog({ itemId, start, end, onClose }: SeasonDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const save = useUpdateSeason(itemId)
  const [days, setDays] = useState({ season_start: split(start), season_end: split(end) })
  const [errors, setErrors] = useState<Partial<Record<Edge, string>>>({})
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(intlLocale(), { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, month - 1, 1, 12)),
    )

  const set = (edge: Edge, part: 'day' | 'month', value: number) =>
    setDays((current) => {
      const next = { ...current[edge], [part]: value }
      // A month shorter than the chosen day takes its own last day.
      next.day = Math.min(next.day, MONTH_DAYS[next.month - 1] ?? 31)
      return { ...current, [edge]: next }
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    save.mutate(
      { season_start: join(days.season_start), season_end: join(days.season_end) },
      {
        onSuccess: () => {
          toast.success(t('pellets.season.saved'))
          onClose()
        },
        onError: (failure) => {
          const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
          if (fields.season_start || fields.season_end)
            setErrors({ season_start: fields.season_start, season_end: fields.season_end })
          else toast.error(refusalMessage(failure, t('pellets.saveFailed')))
        },
      },
    )
  }

  const edgeFields = (edge: Edge) => (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {t(edge === 'season_start' ? 'pellets.season.starts' : 'pellets.season.ends')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField
          select
          label={t('pellets.season.day')}
          value={days[edge].day}
          onChange={(event) => set(edge, 'day', Number(event.target.value))}
          error={errors[edge] !== undefined}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `${edge}-day` } }}
          sx={{ flex: 1 }}
        >
          {DAYS.filter((day) => day <= (MONTH_DAYS[days[edge].month - 1] ?? 31)).map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label={t('pellets.season.month')}
          value={days[edge].month}
          onChange={(event) => set(edge, 'month', Number(event.target.value))}
          error={errors[edge] !== undefined}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `${edge}-month` } }}
          sx={{ flex: 2 }}
        >
          {MONTHS.map((month) => (
            <option key={month} value={month}>
              {monthName(month)}
            </option>
          ))}
        </TextField>
      </Stack>
      {errors[edge] && (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          {errors[edge]}
        </Typography>
      )}
    </Stack>
  )

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('pellets.season.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('pellets.season.dialogHint')}
            </Typography>
            {edgeFields('season_start')}
            {edgeFields('season_end')}
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
