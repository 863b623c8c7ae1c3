import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormTextInput } from './form-text-input'

type NewPasswordFieldsProps<Values extends FieldValues, Output> = {
  /** A form with the fields `password` and `password_confirmation`. */
  control: Control<Values, unknown, Output>
  label: string
  confirmationLabel: string
  /** Shown under the new password until the field has an error. */
  hint?: string
  reveal: { show: string; hide: string }
}

/**
 * A new password and its confirmation, as every form that sets one asks for them (registration, reset, account
 * settings, a user's page, a new user): browsers offer to generate and save it, both can be shown.
 */
export function NewPasswordFields<Values extends FieldValues, Output = Values>({
  control,
  label,
  confirmationLabel,
  hint,
  reveal,
}: NewPasswordFieldsProps<Values, Output>) {
  return (
    <>
      <FormTextInput
        control={control}
        name={'password' as FieldPath<Values>}
        label={label}
        helperText={hint}
        autoComplete="new-password"
        reveal={reveal}
      />
      <FormTextInput
        control={control}
        name={'password_confirmation' as FieldPath<Values>}
        label={confirmationLabel}
        autoComplete="new-password"
        reveal={reveal}
      />
    </>
  )
}
