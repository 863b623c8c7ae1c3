import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { HomeAssistantPutInput, HomeAssistantResource } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../../lib/api-client'
import { useItems } from '../../../lib/items/get-items'
import { publishableDevices } from '../utils/devices'
import { type HomeAssistantFormValues, initialValues, keepsStoredPassword, putBody } from '../utils/put-body'

interface HomeAssistantFormProps {
  /** The stored connection when changing it; null when connecting for the first time. */
  stored: HomeAssistantResource['attributes'] | null
  busy: boolean
  error: unknown
  onSubmit: (body: HomeAssistantPutInput) => void
  onCancel: () => void
}

/** The connection to the owner's broker: its address, the broker user, the discovery prefix and the boilers. */
export function HomeAssistantForm({ stored, busy, error, onSubmit, onCancel }: HomeAssistantFormProps) {
  const { t } = useTranslation()
  const devices = useItems({}, publishableDevices)
  const [values, setValues] = useState<HomeAssistantFormValues>(() => initialValues(stored))
  const [passwordShown, setPasswordShown] = useState(false)
  // A chosen boiler no longer in the list (archived, a share taken back) stays there to be unticked.
  const listed = (devices.data ?? []).map((device) => ({ id: Number(device.id), name: device.name }))
  const choices = devices.data
    ? [
        ...listed,
        ...(stored?.item_ids ?? [])
          .filter((id) => !listed.some((device) => device.id === id))
          .map((id) => ({ id, name: t('homeAssistant.unknownDevice', { id }) })),
      ]
    : []
  const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {}
  const set = (change: Partial<HomeAssistantFormValues>) =>
    setValues((current) => ({ ...current, ...change }))
  const toggleItem = (id: number) =>
    set({
      itemIds: values.itemIds.includes(id)
        ? values.itemIds.filter((entry) => entry !== id)
        : [...values.itemIds, id],
    })
  // With a stored password, an empty field keeps it — unless the broker or the user changes, which drops it.
  const keepsPassword = keepsStoredPassword(stored, values)
  const passwordHelp =
    fieldErrors.password ??
    (stored?.has_password && !values.removePassword && !values.password && !keepsPassword
      ? t('homeAssistant.passwordReenter')
      : undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(putBody(values))
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={t('homeAssistant.brokerUrl')}
        value={values.brokerUrl}
        onChange={(event) => set({ brokerUrl: event.target.value })}
        type="url"
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        error={Boolean(fieldErrors.broker_url)}
        helperText={fieldErrors.broker_url ?? t('homeAssistant.brokerUrlHelp')}
      />
      <TextField
        label={t('homeAssistant.usernameField')}
        value={values.username}
        onChange={(event) => set({ username: event.target.value })}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        error={Boolean(fieldErrors.username)}
        helperText={fieldErrors.username}
      />
      <TextField
        label={t('homeAssistant.passwordField')}
        value={values.password}
        onChange={(event) => set({ password: event.target.value })}
        type={passwordShown ? 'text' : 'password'}
        fullWidth
        disabled={values.removePassword}
        // A new browser password would be the broker's, not the account's: nothing to fill in or save.
        autoComplete="new-password"
        placeholder={stored?.has_password && keepsPassword ? t('homeAssistant.passwordKeep') : undefined}
        error={Boolean(fieldErrors.password)}
        helperText={passwordHelp}
        slotProps={{
          // The label stays above, so the placeholder about the stored password shows before the field is touched.
          inputLabel: stored?.has_password ? { shrink: true } : {},
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={
                    passwordShown ? t('homeAssistant.hidePassword') : t('homeAssistant.showPassword')
                  }
                  aria-pressed={passwordShown}
                  disabled={values.removePassword}
                  onClick={() => setPasswordShown((shown) => !shown)}
                >
                  {passwordShown ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {stored?.has_password && (
        <FormControlLabel
          control={
            <Checkbox
              checked={values.removePassword}
              onChange={(_event, removePassword) => set({ removePassword, password: '' })}
            />
          }
          label={t('homeAssistant.removePassword')}
        />
      )}
      <TextField
        label={t('homeAssistant.prefixField')}
        value={values.discoveryPrefix}
        onChange={(event) => set({ discoveryPrefix: event.target.value })}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        error={Boolean(fieldErrors.discovery_prefix)}
        helperText={fieldErrors.discovery_prefix ?? t('homeAssistant.prefixHelp')}
      />
      <FormControl component="fieldset" error={Boolean(fieldErrors.item_ids)}>
        <FormLabel component="legend">{t('homeAssistant.devices')}</FormLabel>
        <FormGroup>
          <FormControlLabel
            control={<Checkbox checked={values.itemIds.length === 0} onChange={() => set({ itemIds: [] })} />}
            label={t('homeAssistant.allDevices')}
          />
          {choices.map((choice) => (
            <FormControlLabel
              key={choice.id}
              control={
                <Checkbox
                  checked={values.itemIds.includes(choice.id)}
                  onChange={() => toggleItem(choice.id)}
                />
              }
              label={choice.name}
            />
          ))}
        </FormGroup>
        {fieldErrors.item_ids && <FormHelperText>{fieldErrors.item_ids}</FormHelperText>}
      </FormControl>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {stored ? t('homeAssistant.save') : t('homeAssistant.connect')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('homeAssistant.cancel')}
        </Button>
      </Stack>
    </Stack>
  )
}
