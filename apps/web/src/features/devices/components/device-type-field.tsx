import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../../components/ui/select-field'
import { domainMessage } from '../../../lib/domain-messages'
import type { DeviceType } from '../api/get-device-types'

interface DeviceTypeFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>
  name: FieldPath<Values>
  types: readonly DeviceType[]
}

/** The type (category) select of the device forms. */
export function DeviceTypeField<Values extends FieldValues, Output = Values>({
  control,
  name,
  types,
}: DeviceTypeFieldProps<Values, Output>) {
  const { t } = useTranslation()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          label={t('devices.form.type')}
          name={field.name}
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          placeholder={t('devices.form.chooseType')}
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          error={fieldState.invalid}
          helperText={domainMessage(fieldState.error?.message)}
        />
      )}
    />
  )
}
