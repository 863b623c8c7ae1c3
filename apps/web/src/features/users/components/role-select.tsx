import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../../components/ui/select-field'
import { domainMessage } from '../../../lib/domain-messages'
import { useRoleOptions } from '../api/get-role-options'

type RoleReference = { type: 'roles'; id: string }

interface RoleSelectProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>
  name: FieldPath<Values>
}

/** One role (only the first one counts, spec §6) bound to a `roles` relationship field. */
export function RoleSelect<Values extends FieldValues, Output>({
  control,
  name,
}: RoleSelectProps<Values, Output>) {
  const { t } = useTranslation()
  const options = useRoleOptions()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const roles = (field.value ?? []) as RoleReference[]
        const chosen = roles[0]?.id ?? ''
        const failed = options.isError
        return (
          <SelectField
            label={t('users.role')}
            name={field.name}
            value={chosen}
            options={options.data ?? []}
            placeholder={t('users.chooseRole')}
            onChange={(id) => field.onChange(id ? [{ type: 'roles', id }] : [])}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={options.isPending}
            error={fieldState.invalid || failed}
            helperText={
              domainMessage(fieldState.error?.message) ?? (failed ? t('errors.generic') : undefined)
            }
          />
        )
      }}
    />
  )
}
