import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import { API_TOKEN_LIMITS, type ApiTokenScope } from '@teplo/domain'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../components/ui/password-field'
import { SelectField } from '../../../components/ui/select-field'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { failureMessage } from '../../../lib/failure-message'
import { useItems } from '../../../lib/items/get-items'
import { useCreateApiToken } from '../api/api-tokens'

/** How long a new token lasts, in days; 0: until deleted. */
const EXPIRY_CHOICES = ['30', '90', '365', '0'] as const

type Errors = Partial<
  Record<'name' | 'scopes' | 'item_ids' | 'expires_at' | 'current_password' | 'form', string>
>

/** Field errors the server named; a member's item (`scopes/0`) counts for the member. */
function fieldErrorsOf(failure: unknown): Errors {
  if (!(failure instanceof ApiRequestError)) return {}
  const errors: Errors = {}
  for (const [field, message] of Object.entries(failure.fieldErrors)) {
    const member = field.split(/[./]/)[0] as keyof Errors
    errors[member] ??= message
  }
  return errors
}

/**
 * Makes a personal API token: its name, what it may do, which devices, how long; the password is asked again (a
 * borrowed session must not make itself a way back in). The secret is shown once, with a copy button.
 */
export function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const toast = useToast()
  const create = useCreateApiToken()
  const devices = useItems({}, (list) => list.map((device) => ({ id: device.id, name: device.name })))
  const [name, setName] = useState('')
  const [scope, setScope] = useState<ApiTokenScope>('read')
  const [allDevices, setAllDevices] = useState(true)
  const [chosen, setChosen] = useState<string[]>([])
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number]>('90')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [secret, setSecret] = useState<string | null>(null)

  const reset = () => {
    setName('')
    setScope('read')
    setAllDevices(true)
    setChosen([])
    setExpiry('90')
    setPassword('')
    setErrors({})
    setSecret(null)
  }
  const close = () => {
    if (create.isPending) return
    reset()
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = {}
    if (!name.trim()) found.name = t('apiTokens.errors.name')
    if (!allDevices && chosen.length === 0) found.item_ids = t('apiTokens.errors.devices')
    if (!password) found.current_password = t('apiTokens.errors.password')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const days = Number(expiry)
    create.mutate(
      {
        name: name.trim(),
        scopes: [scope],
        item_ids: allDevices ? null : chosen,
        expires_at: days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
        current_password: password,
      },
      {
        onSuccess: (answer) => {
          setPassword('')
          setSecret(answer.token)
        },
        onError: (failure) => {
          const fields = fieldErrorsOf(failure)
          setErrors(
            Object.keys(fields).length > 0
              ? fields
              : {
                  form: failureMessage(failure, {
                    generic: t('errors.generic'),
                    network: t('errors.network'),
                  }),
                },
          )
        },
      },
    )
  }
  const copy = async () => {
    if (!secret) return
    try {
      await navigator.clipboard.writeText(secret)
      toast.success(t('apiTokens.created.copied'))
    } catch {
      toast.error(t('apiTokens.created.copyFailed'))
    }
  }
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]))

  if (secret)
    return (
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('apiTokens.created.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('apiTokens.created.once')}
          </Alert>
          <TextInput
            label={t('apiTokens.created.token')}
            value={secret}
            readOnly
            onFocus={(event) => event.target.select()}
            inputProps={{ 'data-testid': 'api-token-secret', spellCheck: false }}
            sx={{ fontFamily: 'monospace' }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={copy} variant="outlined">
            {t('apiTokens.created.copy')}
          </Button>
          <Button onClick={close} variant="contained">
            {t('apiTokens.created.done')}
          </Button>
        </DialogActions>
      </Dialog>
    )

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('apiTokens.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextInput
              label={t('apiTokens.create.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? t('apiTokens.create.nameHint')}
              inputProps={{ maxLength: API_TOKEN_LIMITS.name.max }}
              autoFocus
            />
            <FormControl error={Boolean(errors.scopes)}>
              <FormLabel id={`${titleId}-scope`}>{t('apiTokens.create.scope')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-scope`}
                value={scope}
                onChange={(event) => setScope(event.target.value as ApiTokenScope)}
              >
                <FormControlLabel value="read" control={<Radio />} label={t('apiTokens.scope.read')} />
                <FormControlLabel value="control" control={<Radio />} label={t('apiTokens.scope.control')} />
              </RadioGroup>
              {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
            </FormControl>
            <FormControl error={Boolean(errors.item_ids)}>
              <FormLabel id={`${titleId}-devices`}>{t('apiTokens.create.devices')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-devices`}
                value={allDevices ? 'all' : 'chosen'}
                onChange={(event) => setAllDevices(event.target.value === 'all')}
              >
                <FormControlLabel value="all" control={<Radio />} label={t('apiTokens.create.allDevices')} />
                <FormControlLabel
                  value="chosen"
                  control={<Radio />}
                  label={t('apiTokens.create.chosenDevices')}
                />
              </RadioGroup>
              {!allDevices && (
                <Stack sx={{ pl: 3 }}>
                  {(devices.data ?? []).map((device) => (
                    <FormControlLabel
                      key={device.id}
                      control={
                        <Checkbox checked={chosen.includes(device.id)} onChange={() => toggle(device.id)} />
                      }
                      label={device.name}
                    />
                  ))}
                </Stack>
              )}
              {errors.item_ids && <FormHelperText>{errors.item_ids}</FormHelperText>}
            </FormControl>
            <SelectField
              label={t('apiTokens.create.expiry')}
              value={expiry}
              onChange={(value) => setExpiry(value as (typeof EXPIRY_CHOICES)[number])}
              options={EXPIRY_CHOICES.map((days) => ({ value: days, label: t(`apiTokens.expiry.${days}`) }))}
              error={Boolean(errors.expires_at)}
              helperText={errors.expires_at}
            />
            <DialogContentText>{t('apiTokens.create.passwordText')}</DialogContentText>
            <PasswordField
              label={t('apiTokens.create.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              showLabel={t('auth.login.showPassword')}
              hideLabel={t('auth.login.hidePassword')}
              error={Boolean(errors.current_password)}
              helperText={errors.current_password}
            />
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={create.isPending}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} loadingPosition="start">
            {t('apiTokens.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
