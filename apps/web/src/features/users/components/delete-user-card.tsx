import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useToast } from '../../../components/ui/toast-context'
import { useFailureToast } from '../../../components/ui/use-failure-toast'
import { useDeleteUser } from '../api/delete-user'
import { SectionCard } from './section-card'

/** The switch, naming the account, confirms; Delete then really deletes it and returns to the list. */
export function DeleteUserCard({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const showFailure = useFailureToast()
  const deleteUser = useDeleteUser()
  const [confirmed, setConfirmed] = useState(false)

  const remove = () =>
    deleteUser.mutate(userId, {
      onSuccess: () => {
        toast.success(t('users.deleted'))
        navigate('/users/list', { replace: true })
      },
      onError: showFailure,
    })

  return (
    <SectionCard title={t('users.deleteTitle')}>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('users.deleteText', { name })}</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2 }}
      >
        <FormControlLabel
          label={t('users.deleteConfirm', { name })}
          control={<Switch checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />}
        />
        <Button
          color="error"
          variant="contained"
          disabled={!confirmed}
          loading={deleteUser.isPending}
          loadingPosition="start"
          onClick={remove}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('users.delete')}
        </Button>
      </Stack>
    </SectionCard>
  )
}
