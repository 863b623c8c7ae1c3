import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { type ItemSettingsGroup, type SettingName, settingLabel } from '@teplo/domain'
import type { TFunction } from 'i18next'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'
import { useSaveSettings } from '../hooks/use-save-settings'
import { cardRows } from '../utils/card-rows'
import {
  buildSettingsPayload,
  changedValues,
  initialSettingText,
  type NumberFieldSpec,
  normalizeSettingText,
  numberFields,
  otherFields,
  type RangeViolation,
  rangeViolation,
  type SettingAdjustment,
  type SettingsPayload,
  settingAdjustment,
} from '../utils/settings-fields'
import { ChoiceField } from './choice-field'
import { NumberStepper } from './number-stepper'

export type DialogGroup = Exclude<ItemSettingsGroup, 'toggle'>

interface SettingsDialogProps {
  group: DialogGroup
  device: Device
  open: boolean
  onClose: () => void
}

const TITLES = {
  heater: 'dashboard.heater.title',
  tank: 'dashboard.tank.title',
  gas: 'dashboard.gas.title',
  power: 'dashboard.power.title',
  mode: 'dashboard.pump.title',
} as const

const INFOS = {
  heater: 'dashboard.heater.info',
  tank: 'dashboard.tank.info',
  gas: 'dashboard.gas.info',
  power: 'dashboard.power.info',
  mode: 'dashboard.pump.info',
} as const

function initialTexts(group: DialogGroup, device: Device) {
  return Object.fromEntries(
    numberFields(group).map((spec) => [spec.name, initialSettingText(device[spec.name] as number, spec)]),
  ) as Partial<Record<SettingName, string>>
}

// Switches and mode choices start from the device's stored values.
function initialChoices(group: DialogGroup, device: Device): SettingsPayload {
  return Object.fromEntries(
    otherFields(group).flatMap(([name]) => (device[name] == null ? [] : [[name, device[name]]])),
  )
}

type Translate = TFunction

const decimal = (value: number) => String(value).replace('.', ',')

/** The field's error for a value out of the controller's range: what was typed and the range. */
function violationMessage(violation: RangeViolation, spec: NumberFieldSpec, t: Translate): string {
  const values = { typed: decimal(violation.typed), min: spec.min, max: spec.max, unit: spec.unit }
  return t(violation.reason === 'max' ? 'settingsFeedback.max' : 'settingsFeedback.min', values)
}

/** The fields whose typed value is out of range, with their errors. */
function rangeErrors(specs: NumberFieldSpec[], texts: Partial<Record<SettingName, string>>, t: Translate) {
  return Object.fromEntries(
    specs.flatMap((spec) => {
      const violation = rangeViolation(texts[spec.name] ?? '', spec)
      return violation ? [[spec.name, violationMessage(violation, spec, t)]] : []
    }),
  ) as Record<string, string>
}

/** The field's note after a typed value was put on its step, and what it became. */
function adjustmentNotice(adjustment: SettingAdjustment, spec: NumberFieldSpec, t: Translate): string {
  const values = { typed: decimal(adjustment.typed), value: decimal(adjustment.value), unit: spec.unit }
  return spec.decimal
    ? t('settingsFeedback.step', { ...values, step: decimal(spec.step) })
    : t('settingsFeedback.whole', values)
}

/** The modal of one dashboard card: sets that card's group of values (spec §2, §5). */
export function SettingsDialog({ group, device, open, onClose }: SettingsDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const { save, isPending } = useSaveSettings()
  const specs = numberFields(group, currentLanguage())
  // A setting the controller lacks (ADR 051) is not offered: it is named with the reason, and its stored value
  // goes with the group unchanged.
  const unsupported = new Set<string>(device.unsupported_settings ?? [])
  const shown = specs.filter((spec) => !unsupported.has(spec.name))
  const lacking = cardRows(group, device, currentLanguage()).filter((row) => row.kind === 'unsupported')
  const [texts, setTexts] = useState(() => initialTexts(group, device))
  const [choices, setChoices] = useState(() => initialChoices(group, device))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notices, setNotices] = useState<Partial<Record<SettingName, string>>>({})
  const choose = (name: SettingName, value: number | boolean) =>
    setChoices((previous) => ({ ...previous, [name]: value }))
  const noteAdjustment = (spec: NumberFieldSpec, adjustment: SettingAdjustment | null) =>
    setNotices((previous) => ({
      ...previous,
      [spec.name]: adjustment ? adjustmentNotice(adjustment, spec, t) : undefined,
    }))

  // Leaving a field says at once when its value is out of range; typing again takes the error away.
  const checkRange = (spec: NumberFieldSpec, text: string) =>
    setErrors((previous) => {
      const rest = Object.fromEntries(
        Object.entries(previous).filter(([field]) => field !== spec.name && field !== 'form'),
      )
      const violation = rangeViolation(text, spec)
      return violation ? { ...rest, [spec.name]: violationMessage(violation, spec, t) } : rest
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // A value out of the controller's range is refused here: nothing is sent, the field says the range.
    const outOfRange = rangeErrors(shown, texts, t)
    if (Object.keys(outOfRange).length > 0) {
      setErrors({ ...outOfRange, form: t('settingsFeedback.outOfRange') })
      return
    }
    // Enter may submit without leaving the field: a value brought into range is shown, not sent unseen.
    const adjusted = shown.flatMap((spec) => {
      const adjustment = settingAdjustment(texts[spec.name] ?? '', spec)
      return adjustment ? [{ spec, adjustment }] : []
    })
    const normalized = Object.fromEntries(
      specs.map((spec) => [spec.name, normalizeSettingText(texts[spec.name] ?? '', spec)]),
    )
    setTexts(normalized)
    if (adjusted.length > 0) {
      for (const { spec, adjustment } of adjusted) noteAdjustment(spec, adjustment)
      setErrors({ form: t('settingsFeedback.check') })
      return
    }
    const result = buildSettingsPayload(group, normalized, choices, device)
    if (!result.ok) {
      setErrors(result.nothingToSend ? { form: t('dashboard.nothingToSend') } : result.errors)
      return
    }
    setErrors({})
    if (Object.keys(changedValues(result.values, device)).length === 0) {
      toast.info(t('settingsFeedback.nothingChanged'))
      onClose()
      return
    }
    save(
      { id: device.id, group, values: result.values },
      // A modal hides the page's toast from screen readers, so the reason is repeated inside it.
      { onSaved: onClose, onFailed: (message, fieldErrors) => setErrors({ ...fieldErrors, form: message }) },
    )
  }

  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t(TITLES[group])}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(INFOS[group])}</DialogContentText>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {shown.map((spec) => (
              <NumberStepper
                key={spec.name}
                spec={spec}
                label={spec.label}
                unit={spec.unit}
                value={texts[spec.name] ?? ''}
                onChange={(value) => {
                  setTexts((previous) => ({ ...previous, [spec.name]: value }))
                  if (errors[spec.name] && !rangeViolation(value, spec)) checkRange(spec, value)
                }}
                onLeave={(adjustment) => {
                  noteAdjustment(spec, adjustment)
                  checkRange(spec, texts[spec.name] ?? '')
                }}
                error={errors[spec.name]}
                notice={notices[spec.name]}
              />
            ))}
            {otherFields(group)
              .filter(([name]) => !unsupported.has(name))
              .map(([name, setting]) =>
                setting.kind === 'boolean' ? (
                  <FormControlLabel
                    key={name}
                    control={
                      <Switch
                        checked={choices[name] === true}
                        onChange={(event) => choose(name, event.target.checked)}
                      />
                    }
                    label={settingLabel(setting, currentLanguage())}
                  />
                ) : (
                  <ChoiceField
                    key={name}
                    setting={setting}
                    value={typeof choices[name] === 'number' ? choices[name] : null}
                    onChange={(value) => choose(name, value)}
                    error={errors[name]}
                  />
                ),
              )}
            {lacking.map((row) => (
              <Typography key={row.name} variant="body2" color="text.secondary">
                {t('dashboard.settingRow', { label: row.label, value: t('dashboard.unsupported') })}
              </Typography>
            ))}
            {errors.form && (
              <FormHelperText error role="alert">
                {errors.form}
              </FormHelperText>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isPending}>
            {t('dashboard.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isPending} loadingPosition="start">
            {t('dashboard.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
