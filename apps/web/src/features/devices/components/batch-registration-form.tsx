import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type DeviceCredentialsListDocument, ITEM_BATCH_MAX, itemBatchCreateSchema } from '@teplo/domain'
import { type ChangeEvent, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { domainMessage } from '../../../lib/domain-messages'
import { downloadTextFile } from '../../../lib/download-file'
import type { DeviceType } from '../api/get-device-types'
import { useRegisterBatch } from '../api/register-batch'
import { credentialsCsv, credentialsFileName, parseSerialList } from '../utils/batch-files'
import { lastTypeId } from '../utils/device-status'
import { DeviceTypeField } from './device-type-field'

type Credentials = DeviceCredentialsListDocument['data']

const formSchema = itemBatchCreateSchema
  .pick({ owner: true, category_id: true })
  .extend({ serials: z.string() })
type FormInput = z.input<typeof formSchema>
type FormData = z.infer<typeof formSchema>

/**
 * The factory's registration (administrators): serial numbers pasted or read from a file, registered and paired
 * at once; the controllers' credentials are offered as a CSV file, once.
 */
export function BatchRegistrationForm({ types }: { types: readonly DeviceType[] }) {
  const { t } = useTranslation()
  const toast = useToast()
  const register = useRegisterBatch()
  const [done, setDone] = useState<Credentials | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const { control, handleSubmit, setError, setValue, watch } = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(formSchema),
    defaultValues: { owner: '', category_id: lastTypeId(types), serials: '' },
  })
  const serials = parseSerialList(watch('serials'))

  const download = (list: Credentials) =>
    downloadTextFile(
      credentialsFileName(),
      credentialsCsv(list, {
        serial: t('devices.batch.csv.serial'),
        username: t('devices.batch.csv.username'),
        password: t('devices.batch.csv.password'),
        clientId: t('devices.batch.csv.clientId'),
        topicPrefix: t('devices.batch.csv.topicPrefix'),
        broker: t('devices.batch.csv.broker'),
      }),
    )

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    setValue('serials', parseSerialList(await file.text()).join('\n'), { shouldValidate: true })
    event.target.value = ''
  }

  const submit = handleSubmit(({ owner, category_id, serials: text }) => {
    const list = itemBatchCreateSchema.shape.serial_numbers.safeParse(parseSerialList(text))
    if (!list.success) {
      setError('serials', { type: 'validate', message: list.error.issues[0]?.message })
      return
    }
    register.mutate(
      { owner, category_id, serial_numbers: list.data },
      {
        onSuccess: (credentials) => {
          setDone(credentials)
          download(credentials)
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) return toast.error(t('devices.batch.failed'))
          const taken = error.errors.flatMap((e) => {
            const index = /\/serial_numbers\/(\d+)$/.exec(e.source?.pointer ?? '')?.[1]
            return index === undefined ? [] : [list.data[Number(index)]]
          })
          if (taken.length > 0)
            setError('serials', {
              type: 'server',
              message: t('devices.batch.taken', { serials: taken.join(', ') }),
            })
          else if (error.status === 422 && error.fieldErrors.owner)
            setError('owner', { type: 'server', message: error.fieldErrors.owner })
          else toast.error(domainMessage(error.errors[0]?.detail) ?? t('devices.batch.failed'))
        },
      },
    )
  })

  if (done) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Alert severity="success">{t('devices.batch.done', { count: done.length })}</Alert>
        <Alert severity="warning">{t('devices.batch.once')}</Alert>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => download(done)}>
            {t('devices.batch.downloadAgain')}
          </Button>
          <Button onClick={() => setDone(null)}>{t('devices.batch.another')}</Button>
        </Stack>
      </Stack>
    )
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ maxWidth: 640 }}>
      <Typography sx={{ color: 'text.secondary' }}>
        {t('devices.batch.intro', { max: ITEM_BATCH_MAX })}
      </Typography>
      <FormTextInput
        control={control}
        name="owner"
        label={t('devices.batch.owner')}
        helperText={t('devices.batch.ownerHint')}
        autoComplete="off"
      />
      <DeviceTypeField control={control} name="category_id" types={types} />
      <FormTextInput
        control={control}
        name="serials"
        label={t('devices.batch.serials')}
        helperText={t('devices.batch.serialsHint', { count: serials.length })}
        multiline
        minRows={6}
        autoComplete="off"
      />
      {/* A real button opens the hidden picker (a label styled as a button may not take the button role). */}
      <Button variant="outlined" onClick={() => fileInput.current?.click()} sx={{ alignSelf: 'flex-start' }}>
        {t('devices.batch.fromFile')}
      </Button>
      <input ref={fileInput} type="file" hidden accept=".csv,.txt,text/csv,text/plain" onChange={readFile} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={register.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('devices.batch.submit', { count: serials.length })}
      </Button>
    </Stack>
  )
}
