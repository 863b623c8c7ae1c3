import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type ItemClaimInput, itemClaimSchema, type LosingAccess } from '@teplo/domain'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'
import type { Device } from '../../../lib/items/item-document'
import { useClaimDevice } from '../api/claim-device'
import { type ClaimPreview, useClaimPreview } from '../api/claim-preview'
import { SerialNumberField } from './serial-number-field'

const FIELDS = ['serial_number', 'code'] as const

type ClaimDeviceFormProps = {
  /** The device is the caller's now; `losing`: who lost access with the handover. */
  onClaimed: (device: Device, losing: LosingAccess[]) => void
  /** Shows who will lose access, before the claim is confirmed (the sharing feature's notice). */
  renderLosingAccess: (people: LosingAccess[]) => ReactNode
}

/**
 * «Додати пристрій» for an owner: the serial on the controller and the code the installer handed over, checked
 * first (what would be handed over, and who would lose access: ADR 033), then confirmed.
 */
export function ClaimDeviceForm({ onClaimed, renderLosingAccess }: ClaimDeviceFormProps) {
  const { t } = useTranslation()
  const claim = useClaimDevice()
  const preview = useClaimPreview()
  const [checked, setChecked] = useState<{
    values: z.infer<typeof itemClaimSchema>
    preview: ClaimPreview
  } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { control, handleSubmit, setError } = useForm<
    ItemClaimInput,
    unknown,
    z.infer<typeof itemClaimSchema>
  >({
    resolver: zodResolver(itemClaimSchema),
    defaultValues: { serial_number: '', code: '' },
  })

  const failed = (error: unknown) => {
    if (error instanceof ApiRequestError && applyFieldErrors(error.fieldErrors, setError, FIELDS)) {
      setChecked(null)
      return
    }
    // A lock-out (429) or a device that cannot be taken over (409) says why and when in its detail.
    const detail =
      error instanceof ApiRequestError && error.status !== 0 ? error.errors[0]?.detail : undefined
    setFailure(detail ?? t('claim.failed'))
  }

  const submit = handleSubmit((values) => {
    setFailure(null)
    preview.mutate(values, {
      onSuccess: (answer) => setChecked({ values, preview: answer }),
      onError: failed,
    })
  })

  if (checked) {
    const { preview: offer, values } = checked
    return (
      <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('claim.previewTitle', { name: offer.item_name, serial: offer.serial_number })}
        </Typography>
        {offer.losing_access.length > 0 ? (
          renderLosingAccess(offer.losing_access)
        ) : (
          <Typography color="text.secondary">{t('claim.nobodyLoses')}</Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            size="large"
            loading={claim.isPending}
            loadingPosition="start"
            onClick={() => {
              setFailure(null)
              claim.mutate(values, {
                onSuccess: (device) => onClaimed(device, offer.losing_access),
                onError: failed,
              })
            }}
          >
            {t('claim.confirm')}
          </Button>
          <Button disabled={claim.isPending} onClick={() => setChecked(null)}>
            {t('claim.change')}
          </Button>
        </Stack>
      </Stack>
    )
  }

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
        loading={preview.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('claim.check')}
      </Button>
    </Stack>
  )
}
