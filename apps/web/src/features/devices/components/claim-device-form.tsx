import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type ItemClaimInput, itemClaimSchema } from '@teplo/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import type { Device } from '../../../lib/items/item-document'
import { useClaimDevice } from '../api/claim-device'
import { SerialNumberField } from './serial-number-field'

const FIELDS = ['serial_number', 'code'] as const

/** «Додати пристрій» for an owner: the serial on the controller and the code the installer handed over. */
export function ClaimDeviceForm({ onClaimed }: { onClaimed: (device: Device) => void }) {
  const { t } = useTranslation()
  const claim = useClaimDevice()
  const [failure, setFailure] = useState<string | null>(null)
  const { control, handleSubmit, setError } = useForm<
    ItemClaimInput,
    unknown,
    z.infer<typeof itemClaimSchema>
  >({
    resolver: zodResolver(itemClaimSchema),
    defaultValues: { serial_number: '', code: '' },
  })

  const submit = handleSubmit((values) => {
    setFailure(null)
    claim.mutate(values, {
      onSuccess: onClaimed,
      onError: (error) => {
        if (error instanceof ApiRequestError && applyFieldErrors(error.fieldErrors, setError, FIELDS)) return
        // A lock-out (429) or a device that cannot be taken over (409) says why and when in its detail.
        const detail =
          error instanceof ApiRequestError && error.status !== 0 ? error.errors[0]?.detail : undefined
        setFailure(detail ?? t('claim.failed'))
      },
    })
  })

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 480 }}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <SerialNumberField control={control} />
      <FormTextInput
        control={control}
        name="code"
        label={t('claim.code')}
        helperText={t('claim.codeHint')}
        autoComplete="off"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={claim.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('claim.submit')}
      </Button>
    </Stack>
  )
}
