import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import { itemManageSchema } from '@teplo/domain'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import type { Device } from '../../../lib/items/item-document'
import type { DeviceType } from '../api/get-device-types'
import type { OwnerOption } from '../api/search-owners'
import { useUpdateDevice } from '../api/update-device'
import { DeviceFacts } from './device-facts'
import { DeviceTypeField } from './device-type-field'
import { OwnerField } from './owner-field'

const editDeviceSchema = itemManageSchema
  .pick({ name: true, description: true, category_id: true, is_on_homepage: true })
  .required()

type EditDeviceInput = z.input<typeof editDeviceSchema>
type EditDeviceData = z.output<typeof editDeviceSchema>

const FIELDS = ['name', 'description', 'category_id', 'is_on_homepage'] as const

/** The device's own type stays selectable even if the list of types could not be loaded. */
function typeOptions(device: Device, types: readonly DeviceType[]): DeviceType[] {
  const current = device.category
  if (!current || types.some((type) => type.id === current.id)) return [...types]
  return [...types, { id: current.id, name: current.name || current.id }]
}

interface EditDeviceFormProps {
  device: Device
  types: readonly DeviceType[]
  /** Administrators hand a device to another account here; installers hand it over with an owner code. */
  canHandOver?: boolean
}

export function EditDeviceForm({ device, types, canHandOver = false }: EditDeviceFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateDevice(device.id)
  const current: OwnerOption | null = device.ownerId
    ? { id: device.ownerId, name: device.owner, email: '' }
    : null
  const [owner, setOwner] = useState<OwnerOption | null>(current)
  const [ownerError, setOwnerError] = useState<string | undefined>()
  const { control, handleSubmit, setError } = useForm<EditDeviceInput, unknown, EditDeviceData>({
    resolver: zodResolver(editDeviceSchema),
    defaultValues: {
      name: device.name,
      description: device.description ?? '',
      category_id: device.category?.id ?? '',
      is_on_homepage: device.is_on_homepage,
    },
  })

  const submit = handleSubmit((values) => {
    if (canHandOver && !owner) {
      setOwnerError(t('devices.ownerField.required'))
      return
    }
    setOwnerError(undefined)
    const handOver = canHandOver && owner && owner.id !== device.ownerId ? { user_id: owner.id } : {}
    update.mutate(
      { ...values, ...handOver },
      {
        onSuccess: () => toast.success(t('devices.form.saved')),
        onError: (error) => {
          const apiError = error instanceof ApiRequestError ? error : null
          if (apiError?.fieldErrors.user_id) setOwnerError(apiError.fieldErrors.user_id)
          if (apiError && applyFieldErrors(apiError.fieldErrors, setError, FIELDS)) return
          if (apiError?.fieldErrors.user_id) return
          toast.error(apiError?.status === 404 ? t('devices.notFound') : t('devices.form.saveFailed'))
        },
      },
    )
  })

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 560 }}>
      <FormTextInput control={control} name="name" label={t('devices.form.name')} autoComplete="off" />
      {canHandOver ? (
        <OwnerField
          value={owner}
          onChange={setOwner}
          label={t('devices.owner')}
          helperText={t('devices.ownerField.handOverHint')}
          error={ownerError}
        />
      ) : (
        <TextInput
          label={t('devices.owner')}
          value={device.owner}
          readOnly
          helperText={t('devices.ownerField.readOnlyHint')}
        />
      )}
      <FormTextInput
        control={control}
        name="description"
        label={t('devices.form.address')}
        autoComplete="street-address"
        multiline
        minRows={2}
      />
      <TextInput
        label={t('devices.form.serial')}
        value={device.serial_number}
        readOnly
        helperText={t('devices.form.serialReadOnly')}
      />
      <DeviceTypeField control={control} name="category_id" types={typeOptions(device, types)} />
      <Controller
        control={control}
        name="is_on_homepage"
        render={({ field }) => (
          <FormControlLabel
            label={t('devices.form.sync')}
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      <DeviceFacts device={device} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={update.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('devices.form.save')}
      </Button>
    </Stack>
  )
}
