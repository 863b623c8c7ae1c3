import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import {
  ALARM_SETTING_LIMITS,
  type AlarmSettingsAttributes,
  alarmSettingsPatchSchema,
  type ItemAccess,
} from '@teplo/domain'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { deviceAccessLabel, deviceAllows } from '../../../lib/items/device-abilities'
import { formatNumber } from '../../../lib/numbers'
import { refusalMessage } from '../../../lib/refusal-message'
import { useAlarmSettings, useUpdateAlarmSettings } from '../api/alarm-settings'
import '../strings'

type Field = keyof AlarmSettingsAttributes
const FIELDS: readonly Field[] = ['overheat_temp', 'frost_temp', 'offline_minutes', 'fuel_days']
type Texts = Record<Field, string>

const shown = (value: number) => String(value).replace('.', ',')
const textsOf = (settings: AlarmSettingsAttributes): Texts =>
  Object.fromEntries(FIELDS.map((field) => [field, shown(settings[field])])) as Texts

/** A number as a person types it (a comma or a point), NaN for anything else; null when empty. */
function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** The changed thresholds as the PATCH body, or what is wrong with each field, in words. */
export function alarmSettingsPatch(
  settings: AlarmSettingsAttributes,
  texts: Texts,
  words: { required: string; number: string },
): { patch: Partial<AlarmSettingsAttributes> } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {}
  const patch: Partial<AlarmSettingsAttributes> = {}
  for (const field of FIELDS) {
    const value = parse(texts[field])
    if (value === null) errors[field] = words.required
    else if (Number.isNaN(value)) errors[field] = words.number
    else if (value !== settings[field]) patch[field] = value
  }
  if (Object.keys(errors).length > 0) return { errors }
  const checked = alarmSettingsPatchSchema.safeParse(patch)
  if (checked.success) return { patch: checked.data }
  return {
    errors: Object.fromEntries(
      checked.error.issues.map((issue) => [String(issue.path[0]), domainMessage(issue.message)]),
    ),
  }
}

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
  const [texts, setTexts] = useState(() => textsOf(settings))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = alarmSettingsPatch(settings, texts, {
      required: t('alarms.thresholds.required'),
      number: t('alarms.thresholds.number'),
    })
    if ('errors' in result) return setErrors(result.errors)
    setErrors({})
    if (Object.keys(result.patch).length === 0) return toast.success(t('alarms.thresholds.unchanged'))
    update.mutate(result.patch, {
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
          {FIELDS.map((field) => {
            const { min, max } = ALARM_SETTING_LIMITS[field]
            const range = t(`alarms.thresholds.range.${field}`, {
              min: formatNumber(min),
              max: formatNumber(max),
            })
            return (
              <TextField
                key={field}
                label={t(`alarms.thresholds.fields.${field}`)}
                value={texts[field]}
                disabled={!canChange}
                onChange={(event) => setTexts((current) => ({ ...current, [field]: event.target.value }))}
                error={errors[field] !== undefined}
                helperText={errors[field] ?? range}
                sx={{ flex: { sm: '1 1 200px' } }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )
          })}
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
