import type { Control, FieldValues, Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'

/** The `serial_number` field of a form: the controller's serial, as the installer registers it and the owner claims it. */
export function SerialNumberField<Values extends FieldValues, Output>({
  control,
}: {
  control: Control<Values, unknown, Output>
}) {
  const { t } = useTranslation()
  return (
    <FormTextInput
      control={control}
      name={'serial_number' as Path<Values>}
      label={t('devices.form.serial')}
      helperText={t('devices.form.serialHint')}
      slotProps={{ input: { inputMode: 'numeric' } }}
      autoComplete="off"
      required
    />
  )
}
