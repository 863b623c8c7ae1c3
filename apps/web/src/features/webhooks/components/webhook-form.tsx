import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { WEBHOOK_EVENTS, type WebhookCreateInput, type WebhookEvent } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../../lib/api-client'
import { useItems } from '../../../lib/items/get-items'
import { eventLabel } from '../utils/event-label'

interface WebhookFormProps {
  busy: boolean
  error: unknown
  onSubmit: (body: WebhookCreateInput) => void
  onCancel: () => void
}

/** A new webhook: its address, the events it wants and, if not all, the boilers it is about. */
export function WebhookForm({ busy, error, onSubmit, onCancel }: WebhookFormProps) {
  const { t } = useTranslation()
  // Only the account's own and shared boilers: those are the ones a webhook may follow.
  const devices = useItems({}, (list) => list.filter((device) => device.access !== 'admin'))
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>(['alarm.raised', 'alarm.cleared'])
  const [itemIds, setItemIds] = useState<number[]>([])
  const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {}
  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ url: url.trim(), events, item_ids: itemIds.length > 0 ? itemIds : null })
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={t('webhooks.url')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        type="url"
        inputMode="url"
        required
        fullWidth
        error={Boolean(fieldErrors.url)}
        helperText={fieldErrors.url ?? t('webhooks.urlHelp')}
      />
      <FormControl component="fieldset" error={Boolean(fieldErrors.events)}>
        <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
        <FormGroup>
          {WEBHOOK_EVENTS.map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Checkbox checked={events.includes(name)} onChange={() => setEvents(toggle(events, name))} />
              }
              label={eventLabel(t, name)}
            />
          ))}
        </FormGroup>
        {fieldErrors.events && <FormHelperText>{fieldErrors.events}</FormHelperText>}
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('webhooks.devices')}</FormLabel>
        <FormGroup>
          <FormControlLabel
            control={<Checkbox checked={itemIds.length === 0} onChange={() => setItemIds([])} />}
            label={t('webhooks.allDevices')}
          />
          {(devices.data ?? []).map((device) => (
            <FormControlLabel
              key={device.id}
              control={
                <Checkbox
                  checked={itemIds.includes(Number(device.id))}
                  onChange={() => setItemIds(toggle(itemIds, Number(device.id)))}
                />
              }
              label={device.name}
            />
          ))}
        </FormGroup>
      </FormControl>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy || events.length === 0}>
          {t('webhooks.create')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('webhooks.cancel')}
        </Button>
      </Stack>
    </Stack>
  )
}
