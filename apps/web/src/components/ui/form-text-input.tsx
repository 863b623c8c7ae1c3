import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { domainMessage } from '../../lib/domain-messages'
import { PasswordField } from './password-field'
import { TextInput, type TextInputProps } from './text-input'

type FormTextInputProps<Values extends FieldValues, Output> = Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<Values, unknown, Output>
  name: FieldPath<Values>
  /** Makes it a password input with a show/hide button labelled with these texts. */
  reveal?: { show: string; hide: string }
}

/** A TextInput bound to a react-hook-form field; the field's error shows under it in place of the hint. */
export function FormTextInput<Values extends FieldValues, Output = Values>({
  control,
  name,
  reveal,
  helperText,
  ...input
}: FormTextInputProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => {
        const props = {
          ...input,
          ...field,
          value: value ?? '',
          inputRef: ref,
          error: fieldState.invalid,
          helperText: domainMessage(fieldState.error?.message) ?? helperText,
        }
        return reveal ? (
          <PasswordField {...props} showLabel={reveal.show} hideLabel={reveal.hide} />
        ) : (
          <TextInput {...props} />
        )
      }}
    />
  )
}
