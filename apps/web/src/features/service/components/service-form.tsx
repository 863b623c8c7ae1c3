import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  DEFAULT_SERVICE_SETTINGS,
  SERVICE_GROUPS,
  type ServiceSettingName,
  type ServiceSettingsPatch,
  serviceGroupLabel,
  serviceSettingEntries,
  serviceSettingValueSchema,
} from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast-context'
import { domainMessage } from '../../../lib/domain-messages'
import { currentLanguage } from '../../../lib/i18n'
import type { ServiceSettingsView } from '../api/get-service-settings'
import { ServiceField } from './service-field'

type Texts = Partial<Record<ServiceSettingName, string>>

interface ServiceFormProps {
  view: ServiceSettingsView
  busy: boolean
  /** Field messages of the server's last refusal (422), by parameter. */
  serverErrors: Readonly<Record<string, string>>
  /** Resolves true once the change is stored. */
  onSave: (values: ServiceSettingsPatch) => Promise<boolean>
}

const ENTRIES = serviceSettingEntries()
const text = (value: number) => String(value).replace('.', ',')

/** A typed value, or the rule it breaks. */
function parse(name: ServiceSettingName, typed: string): { value: number } | { error: string } {
  const setting = ENTRIES.find(([entry]) => entry === name)![1]
  const cleaned = typed.trim().replace(',', '.')
  const number = cleaned === '' ? Number.NaN : Number(cleaned)
  const result = serviceSettingValueSchema(setting).safeParse(number)
  return result.success
    ? { value: result.data }
    : { error: domainMessage(result.error.issues[0]?.message ?? '') }
}

/** The service parameters in their groups: read-only for owners, editable for installers and admins. */
export function ServiceForm({ view, busy, serverErrors, onSave }: ServiceFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const [edits, setEdits] = useState<Texts>({})
  const [errors, setErrors] = useState<Texts>({})
  const [resetOpen, setResetOpen] = useState(false)
  const readOnly = !view.editable
  const reported = view.reported_service_settings

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const changes: ServiceSettingsPatch = {}
    const found: Texts = {}
    for (const [name, typed] of Object.entries(edits) as [ServiceSettingName, string][]) {
      const parsed = parse(name, typed)
      if ('error' in parsed) found[name] = parsed.error
      else if (parsed.value !== view[name]) changes[name] = parsed.value
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    if (Object.keys(changes).length === 0) {
      // Typed back to what is stored: nothing to send.
      setEdits({})
      toast.info(t('service.unchanged'))
      return
    }
    if (await onSave(changes)) setEdits({})
  }

  const reset = async () => {
    if (await onSave(DEFAULT_SERVICE_SETTINGS)) {
      setEdits({})
      setErrors({})
      setResetOpen(false)
    }
  }

  const changed = Object.keys(edits).length > 0
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('routes.service')}>
      {readOnly && <Alert severity="info">{t('service.readOnly')}</Alert>}
      {!view.custom && <Typography color="text.secondary">{t('service.factory')}</Typography>}
      {SERVICE_GROUPS.map((group) => (
        <Card key={group} component="section" aria-labelledby={`service-group-${group}`}>
          <CardContent>
            <Typography id={`service-group-${group}`} variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
              {serviceGroupLabel(group, currentLanguage())}
            </Typography>
            <Grid container spacing={2}>
              {ENTRIES.filter(([, setting]) => setting.group === group).map(([name, setting]) => {
                const inEffect = reported?.[name]
                return (
                  <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
                    <ServiceField
                      name={name}
                      setting={setting}
                      value={edits[name] ?? text(view[name])}
                      onChange={(value) => setEdits((current) => ({ ...current, [name]: value }))}
                      readOnly={readOnly}
                      error={errors[name] ?? serverErrors[name]}
                      reported={inEffect !== undefined && inEffect !== view[name] ? inEffect : undefined}
                    />
                  </Grid>
                )
              })}
            </Grid>
          </CardContent>
        </Card>
      ))}
      {!readOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button type="submit" variant="contained" disabled={busy || !changed}>
            {busy ? t('service.saving') : t('service.save')}
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => setResetOpen(true)}>
            {t('service.reset')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={resetOpen}
        busy={busy}
        onConfirm={reset}
        onCancel={() => setResetOpen(false)}
        question={{
          title: t('service.resetTitle'),
          text: t('service.resetText'),
          confirm: t('service.resetConfirm'),
          cancel: t('service.cancel'),
        }}
      />
    </Stack>
  )
}
