import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { type HelpRequestData, type HelpRequestInput, helpRequestSchema } from '@teplo/domain'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { FormTextInput } from '../../../components/ui/form-text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { useAccessToken } from '../../../lib/auth-token'
import { applyFieldErrors } from '../../../lib/form-errors'
import { useCreateHelpRequest } from '../api/create-help-request'

interface HelpRequestDialogProps {
  open: boolean
  onClose: () => void
}

/** 'Потрібна допомога?': name and problem, sent to support (spec §2, §5, §8). */
export function HelpRequestDialog({ open, onClose }: HelpRequestDialogProps) {
  const { t } = useTranslation()
  const toast = useToast()
  const token = useAccessToken()
  const sending = useCreateHelpRequest()
  const { control, handleSubmit, reset, setError } = useForm<HelpRequestInput, unknown, HelpRequestData>({
    resolver: zodResolver(helpRequestSchema),
    defaultValues: { name: '', problem: '' },
  })

  const submit = handleSubmit((request) =>
    sending.mutate(request, {
      onSuccess: () => {
        toast.success(t('help.sent'))
        reset()
        onClose()
      },
      onError: (error) => {
        toast.error(t('help.failed'))
        if (error instanceof ApiRequestError)
          applyFieldErrors(error.fieldErrors, setError, ['name', 'problem'])
      },
    }),
  )

  return (
    <Dialog open={open} onClose={sending.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('help.title')}</DialogTitle>
        <DialogContent>
          {token ? (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <DialogContentText>{t('help.intro')}</DialogContentText>
              <FormTextInput
                control={control}
                name="name"
                label={t('help.name')}
                autoComplete="name"
                required
              />
              <FormTextInput
                control={control}
                name="problem"
                label={t('help.problem')}
                multiline
                minRows={4}
                required
              />
            </Stack>
          ) : (
            <DialogContentText>{t('help.signInFirst')}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending.isPending}>
            {t('help.cancel')}
          </Button>
          {token ? (
            <Button type="submit" variant="contained" loading={sending.isPending} loadingPosition="start">
              {t('help.send')}
            </Button>
          ) : (
            <Button component={RouterLink} to="/login" variant="contained" onClick={onClose}>
              {t('help.signIn')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  )
}
