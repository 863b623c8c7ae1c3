import DeleteForeverRounded from '@mui/icons-material/DeleteForeverRounded'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast-context'
import { useDeleteAccount } from '../api/delete-account'
import { SettingsSection } from './settings-section'

export function DeleteAccountSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const remove = useDeleteAccount()
  const [asking, setAsking] = useState(false)

  const confirm = () =>
    remove.mutate(undefined, {
      onError: () => {
        setAsking(false)
        toast.error(t('account.delete.failed'))
      },
    })

  return (
    <SettingsSection title={t('account.delete.title')}>
      <Typography sx={{ mb: 2 }}>{t('account.delete.text')}</Typography>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverRounded />}
        onClick={() => setAsking(true)}
      >
        {t('account.delete.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </SettingsSection>
  )
}
