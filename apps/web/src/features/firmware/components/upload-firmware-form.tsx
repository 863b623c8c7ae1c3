import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../../components/ui/select-field'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { groupErrorsByField } from '../../../lib/api-errors'
import { useUploadFirmware } from '../api/upload-firmware'

type DeviceType = { id: string; name: string }

/** An image with its type, version and release notes; the server's refusals show under the fields. */
export function UploadFirmwareForm({ deviceTypes }: { deviceTypes: DeviceType[] }) {
  const { t } = useTranslation()
  const toast = useToast()
  const failed = useFailureToast()
  const upload = useUploadFirmware()
  const [categoryId, setCategoryId] = useState('')
  const [version, setVersion] = useState('')
  const [notes, setNotes] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) {
      setFieldErrors({ attachment: t('firmware.upload.noFile') })
      return
    }
    setFieldErrors({})
    upload.mutate(
      { categoryId, version, notes, file },
      {
        onSuccess: (document) => {
          toast.success(t('firmware.upload.done', { version: document.data.attributes.version }))
          setVersion('')
          setNotes('')
          setFile(null)
        },
        onError: (error) => {
          // A refusal that names a field (422, or 409 for a version already uploaded) shows under it.
          const fields =
            error instanceof ApiRequestError && error.status < 500 ? groupErrorsByField(error.errors) : {}
          if (Object.keys(fields).length > 0) setFieldErrors(fields)
          else failed(error)
        },
      },
    )
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('firmware.upload.title')}>
      <Typography variant="h6" component="h3">
        {t('firmware.upload.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SelectField
          label={t('firmware.deviceType')}
          name="category_id"
          value={categoryId}
          placeholder={t('firmware.upload.chooseType')}
          options={deviceTypes.map((type) => ({ value: type.id, label: type.name }))}
          onChange={setCategoryId}
          error={Boolean(fieldErrors.category_id)}
          helperText={fieldErrors.category_id}
        />
        <TextField
          fullWidth
          label={t('firmware.version')}
          name="version"
          value={version}
          onChange={(event) => setVersion(event.target.value)}
          error={Boolean(fieldErrors.version)}
          helperText={fieldErrors.version ?? t('firmware.upload.versionHint')}
        />
      </Stack>
      <TextField
        label={t('firmware.images.notes')}
        name="notes"
        value={notes}
        multiline
        minRows={2}
        onChange={(event) => setNotes(event.target.value)}
        error={Boolean(fieldErrors.notes)}
        helperText={fieldErrors.notes}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {/* A real button opens the hidden picker (a label styled as a button may not take the button role). */}
        <Button variant="outlined" onClick={() => fileInput.current?.click()}>
          {t('firmware.upload.file')}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          name="attachment"
          accept=".bin,application/octet-stream"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Typography
          color={fieldErrors.attachment ? 'error' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {fieldErrors.attachment ?? file?.name ?? t('firmware.upload.noFile')}
        </Typography>
      </Stack>
      <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ alignSelf: 'flex-start' }}>
        {upload.isPending ? t('firmware.upload.sending') : t('firmware.upload.submit')}
      </Button>
    </Stack>
  )
}
