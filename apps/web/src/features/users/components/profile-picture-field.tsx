import PersonRounded from '@mui/icons-material/PersonRounded'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PICTURE_TYPES, pictureProblem } from './picture-file'

interface ProfilePictureFieldProps {
  /** The picture shown: a local preview or the stored one. */
  imageUrl: string | null
  alt: string
  onSelect: (file: File) => void
  onRemove: () => void
  /** The server's message about the attachment. */
  error?: string
  busy?: boolean
}

/** Select, preview, change and remove a profile picture; wrong types and sizes are caught before upload. */
export function ProfilePictureField({
  imageUrl,
  alt,
  onSelect,
  onRemove,
  error,
  busy,
}: ProfilePictureFieldProps) {
  const { t } = useTranslation()
  const inputRef = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const labelId = useId()
  const helperId = useId()
  const message = problem ?? error

  const choose = (file: File | undefined) => {
    if (!file) return
    const found = pictureProblem(file)
    setProblem(found ? t(`users.${found}`) : null)
    if (!found) onSelect(file)
  }

  return (
    <Stack
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helperId}
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center' }}
    >
      <Avatar src={imageUrl ?? undefined} alt={imageUrl ? alt : undefined} sx={{ width: 88, height: 88 }}>
        <PersonRounded fontSize="large" />
      </Avatar>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography id={labelId} variant="subtitle2" component="span">
          {t('users.picture')}
        </Typography>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={PICTURE_TYPES.join(',')}
          aria-label={t('users.picture')}
          onChange={(event) => {
            choose(event.target.files?.[0])
            // Lets the same file be chosen again after a removal.
            event.target.value = ''
          }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" size="small" loading={busy} onClick={() => inputRef.current?.click()}>
            {imageUrl ? t('users.changePicture') : t('users.selectPicture')}
          </Button>
          {imageUrl && (
            <Button
              color="error"
              size="small"
              disabled={busy}
              onClick={() => {
                setProblem(null)
                onRemove()
              }}
            >
              {t('users.removePicture')}
            </Button>
          )}
        </Stack>
        <FormHelperText id={helperId} error={Boolean(message)} sx={{ m: 0 }}>
          {message ?? t('users.pictureHint')}
        </FormHelperText>
      </Stack>
    </Stack>
  )
}
