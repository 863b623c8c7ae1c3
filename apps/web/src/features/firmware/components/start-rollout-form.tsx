import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../../components/ui/select-field'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { ApiRequestError } from '../../../lib/api-client'
import { groupErrorsByField } from '../../../lib/api-errors'
import type { FirmwareDevice } from '../api/get-firmware-devices'
import type { FirmwareImage } from '../api/get-firmware-images'
import { useStartRollout } from '../api/start-rollout'

type StartRolloutFormProps = {
  images: FirmwareImage[]
  devices: FirmwareDevice[]
  typeName: (id: string) => string
}

const LINKED = new Set(['on', 'off', 'connecting'])

/** Which image, to whom (chosen devices of its type or all of them), and whether in stages. */
export function StartRolloutForm({ images, devices, typeName }: StartRolloutFormProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const failed = useFailureToast()
  const start = useStartRollout()
  const [imageId, setImageId] = useState('')
  const [all, setAll] = useState(false)
  const [chosen, setChosen] = useState<string[]>([])
  const [staged, setStaged] = useState(false)
  const [percent, setPercent] = useState('20')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const image = images.find((candidate) => candidate.id === imageId)
  const candidates = image
    ? devices.filter(
        (device) =>
          device.relationships.category.data.id === image.relationships.category.data.id &&
          LINKED.has(device.attributes.status),
      )
    : []

  function submit(event: FormEvent) {
    event.preventDefault()
    setFieldErrors({})
    start.mutate(
      { firmwareId: imageId, itemIds: chosen, all, stagePercent: staged ? Number(percent) : null },
      {
        onSuccess: (document) => {
          toast.success(t('firmware.rollout.started', { id: document.data.id }))
          setChosen([])
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
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('firmware.rollout.title')}>
      <Typography variant="h6" component="h3">
        {t('firmware.rollout.title')}
      </Typography>
      <SelectField
        label={t('firmware.rollout.image')}
        name="firmware_id"
        value={imageId}
        placeholder={t('firmware.rollout.chooseImage')}
        options={images.map((candidate) => ({
          value: candidate.id,
          label: t('firmware.rollout.imageOption', {
            version: candidate.attributes.version,
            type: typeName(candidate.relationships.category.data.id),
          }),
        }))}
        onChange={(value) => {
          setImageId(value)
          setChosen([])
        }}
        error={Boolean(fieldErrors.firmware_id)}
        helperText={fieldErrors.firmware_id}
      />
      {image && (
        <>
          <RadioGroup
            aria-label={t('firmware.rollout.target')}
            value={all ? 'all' : 'chosen'}
            onChange={(event) => setAll(event.target.value === 'all')}
          >
            <FormControlLabel value="chosen" control={<Radio />} label={t('firmware.rollout.chosen')} />
            <FormControlLabel value="all" control={<Radio />} label={t('firmware.rollout.all')} />
          </RadioGroup>
          {!all &&
            (candidates.length === 0 ? (
              <Typography>{t('firmware.rollout.noDevices')}</Typography>
            ) : (
              <Stack>
                {candidates.map((device) => {
                  // A device already on the image's version has nothing to install: shown, not offered.
                  const current = device.attributes.firmware_version === image.attributes.version
                  const label = `${device.attributes.name} · ${device.attributes.serial_number} · ${
                    device.attributes.firmware_version ?? t('firmware.unknownVersion')
                  }`
                  return (
                    <FormControlLabel
                      key={device.id}
                      disabled={current}
                      control={
                        <Checkbox
                          checked={!current && chosen.includes(device.id)}
                          onChange={(event) =>
                            setChosen((current) =>
                              event.target.checked
                                ? [...current, device.id]
                                : current.filter((id) => id !== device.id),
                            )
                          }
                        />
                      }
                      label={current ? `${label} · ${t('firmware.rollout.alreadyHas')}` : label}
                    />
                  )
                })}
              </Stack>
            ))}
          {fieldErrors.item_ids && <FormHelperText error>{fieldErrors.item_ids}</FormHelperText>}
          <FormControlLabel
            control={<Checkbox checked={staged} onChange={(event) => setStaged(event.target.checked)} />}
            label={t('firmware.rollout.staged')}
          />
          {staged && (
            <TextField
              type="number"
              label={t('firmware.rollout.stagePercent')}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 99 } }}
              error={Boolean(fieldErrors.stage_percent)}
              helperText={fieldErrors.stage_percent}
              sx={{ maxWidth: '12rem' }}
            />
          )}
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={!image || start.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('firmware.rollout.submit')}
      </Button>
    </Stack>
  )
}
