import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { copyDay, DAY_KEYS } from '../utils/slots'

/** Copies one day's half hours onto the days chosen (tap the chips), e.g. Monday onto every working day. */
export function CopyDay({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(0)
  const [targets, setTargets] = useState<number[]>([])
  const toggle = (day: number) =>
    setTargets((current) => (current.includes(day) ? current.filter((d) => d !== day) : [...current, day]))
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('schedule.copy.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('schedule.copy.from')}
        value={from}
        onChange={(event) => {
          const day = Number(event.target.value)
          setFrom(day)
          setTargets((current) => current.filter((d) => d !== day))
        }}
        sx={{ maxWidth: 200 }}
      >
        {DAY_KEYS.map((key, day) => (
          <MenuItem key={key} value={day}>
            {t(`schedule.days.${key}`)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" id="copy-targets">
        {t('schedule.copy.to')}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1 }}
        role="group"
        aria-labelledby="copy-targets"
      >
        {DAY_KEYS.map((key, day) =>
          day === from ? null : (
            <Chip
              key={key}
              label={t(`schedule.days.${key}`)}
              clickable
              color={targets.includes(day) ? 'primary' : 'default'}
              variant={targets.includes(day) ? 'filled' : 'outlined'}
              aria-pressed={targets.includes(day)}
              onClick={() => toggle(day)}
            />
          ),
        )}
      </Stack>
      <Button
        variant="outlined"
        disabled={targets.length === 0}
        onClick={() => {
          onChange(copyDay(days, from, targets))
          setTargets([])
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('schedule.copy.submit')}
      </Button>
    </Stack>
  )
}
