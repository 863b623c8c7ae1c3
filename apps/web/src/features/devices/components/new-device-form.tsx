import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type ItemCreateData, type ItemCreateInput, itemCreateSchema } from '@teplo/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useCreateDevice } from '../api/create-device'
import type { DeviceType } from '../api/get-device-types'
import type { OwnerOption } from '../api/search-owners'
import { lastTypeId } from '../utils/device-status'
import { DeviceTypeField } from './device-type-field'
import { OwnerField } from './owner-field'
import { SerialNumberField } from './serial-number-field'
import { VerificationCodeDialog } from './verification-code-dialog'

interface NewDeviceFormProps {
  /** The signed-in installer: the device stays on this account until it is handed over. */
  defaultOwner: OwnerOption | null
  types: readonly DeviceType[]
  onDone: () => void
}

const FIELDS = ['name', 'serial_number', 'description', 'category_id'] as const

export function NewDeviceForm({ defaultOwner, types, onDone }: NewDeviceFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const create = useCreateDevice()
  const [code, setCode] = useState<string | null>(null)
  const [owner, setOwner] = useState<OwnerOption | null>(defaultOwner)
  const [ownerError, setOwnerError] = useState<string | undefined>()
  const { control, handleSubmit, setError } = useForm<ItemCreateInput, unknown, ItemCreateData>({
    resolver: zodResolver(itemCreateSchema),
    defaultValues: {
      // The schema's default name (DEFAULT_ITEM_NAME) in the interface's language.
      name: t('devices.form.defaultName'),
      owner: defaultOwner?.name ?? '',
      serial_number: '',
      description: '',
      category_id: lastTypeId(types),
    },
  })

  const submit = handleSubmit((values) => {
    if (!owner) {
      setOwnerError(t('devices.ownerField.required'))
      return
    }
    setOwnerError(undefined)
    create.mutate(
      { ...values, owner: owner.name, user_id: owner.id },
      {
        onSuccess: ({ verificationToken }) => setCode(verificationToken),
        onError: (error) => {
          const fieldErrors = error instanceof ApiRequestError ? { ...error.fieldErrors } : {}
          // Spec §5: a refused serial number is read as a duplicate.
          if (fieldErrors.serial_number) fieldErrors.serial_number = t('devices.form.serialTaken')
          const ownerMessage = fieldErrors.user_id ?? fieldErrors.owner
          if (ownerMessage) setOwnerError(ownerMessage)
          if (!applyFieldErrors(fieldErrors, setError, FIELDS) && !ownerMessage)
            toast.error(t('devices.form.createFailed'))
        },
      },
    )
  })

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 560 }}>
      <FormTextInput control={control} name="name" label={t('devices.form.name')} autoComplete="off" />
      <OwnerField
        value={owner}
        onChange={setOwner}
        label={t('devices.owner')}
        helperText={t('devices.ownerField.newHint')}
        error={ownerError}
      />
      <SerialNumberField control={control} />
      <FormTextInput
        control={control}
        name="description"
        label={t('devices.form.address')}
        autoComplete="street-address"
        multiline
        minRows={2}
      />
      <DeviceTypeField control={control} name="category_id" types={types} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={create.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('devices.add')}
      </Button>
      <VerificationCodeDialog code={code} onDone={onDone} />
    </Stack>
  )
}
