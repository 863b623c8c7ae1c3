import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { AlarmSettingsAttributes, AlarmSettingsPatch, ItemAccess } from '@teplo/domain'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { currentLanguage } from '../../../lib/i18n'
import { deviceAccessLabel, deviceAllows } from '../../../lib/items/device-abilities'
import { refusalMessage } from '../../../lib/refusal-message'
import { useAlarmSettings, useUpdateAlarmSettings } from '../api/alarm-settings'
import { alarmSettingsPatch, thresholdFields, thresholdTexts } from '../utils/threshold-fields'
import '../strings'

interface AlarmSettingsSectionProps {
  itemId: string
  access: ItemAccess
}

/** «Пороги тривог»: when the server raises an alarm for this boiler; read by all, changed by those who operate it. */
export default function AlarmSettingsSection({ itemId, access }: AlarmSettingsSectionProps) {
  // The server's own rule: whoever operates the boiler changes them (the route asks `operate`).
  const canChange = deviceAllows({ access }, 'operate')
  const { t } = useTranslation()
  const settings = useAlarmSettings(itemId)
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id={titleId} variant="h2">
            {t('alarms.thresholds.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('alarms.thresholds.text')}
          </Typography>
          {settings.isPending && <LoadingStatus>{t('alarms.thresholds.loading')}</LoadingStatus>}
          {settings.isError && (
            <RetryAlert onRetry={() => void settings.refetch()}>
              {t('alarms.thresholds.loadFailed')}
            </RetryAlert>
          )}
          {settings.data && (
            <ThresholdsForm
              key={JSON.stringify(settings.data)}
              itemId={itemId}
              settings={settings.data}
              canChange={canChange}
              access={access}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}

function ThresholdsForm({
  itemId,
  settings,
  canChange,
  access,
}: {
  itemId: string
  settings: AlarmSettingsAttributes
  canChange: boolean
  access: ItemAccess
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateAlarmSettings(itemId)
  // One input per alarm rule with a threshold, worded in the screen's language (useTranslation re-renders on a switch).
  const fields = thresholdFields(currentLanguage())
  const [texts, setTexts] = useState(() => thresholdTexts(settings, fields))
  const [errors, setErrors] = useState<Record<string, string>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = alarmSettingsPatch(settings, texts, fields, {
      required: t('alarms.thresholds.required'),
      number: t('alarms.thresholds.number'),
    })
    if ('errors' in result) return setErrors(result.errors)
    setErrors({})
    if (Object.keys(result.patch).length === 0) return toast.success(t('alarms.thresholds.unchanged'))
    update.mutate(result.patch as AlarmSettingsPatch, {
      onSuccess: () => toast.success(t('alarms.thresholds.saved')),
      onError: (failure) => {
        const fields = failure instanceof ApiRequestError ? failure.fieldErrors : {}
        if (Object.keys(fields).length > 0) setErrors(fields)
        else toast.error(refusalMessage(failure, t('alarms.thresholds.failed')))
      },
    })
  }

  return (
    <form noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {!canChange && (
          <Alert severity="info">
            {t('alarms.thresholds.readOnly', { level: deviceAccessLabel({ access }) })}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {fields.map(({ setting, label, range }) => (
            <TextField
              key={setting}
              label={label}
              value={texts[setting] ?? ''}
              disabled={!canChange}
              onChange={(event) => setTexts((current) => ({ ...current, [setting]: event.target.value }))}
              error={errors[setting] !== undefined}
              helperText={errors[setting] ?? range}
              sx={{ flex: { sm: '1 1 200px' } }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Stack>
        {canChange && (
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('alarms.thresholds.save')}
          </Button>
        )}
      </Stack>
    </form>
  )
}
