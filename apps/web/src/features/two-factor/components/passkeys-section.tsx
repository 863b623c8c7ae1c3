import KeyRounded from '@mui/icons-material/KeyRounded'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { PasskeyResource } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { formatDateTime } from '../../../lib/dates'
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys'
import { PasskeyDialog } from './passkey-dialog'

/** The account's passkeys: each signs in without a password, or confirms a sign-in after one. */
export function PasskeysSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const passkeys = usePasskeys()
  const add = useAddPasskey()
  const remove = useRemovePasskey()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<PasskeyResource | null>(null)
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window
  const list = passkeys.data ?? []

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('twoFactor.passkeys.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('twoFactor.passkeys.text')}</Typography>
      {list.length > 0 && (
        <List dense aria-label={t('twoFactor.passkeys.title')} sx={{ width: '100%' }}>
          {list.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  aria-label={t('twoFactor.passkeys.removeLabel', { name: passkey.attributes.name })}
                >
                  {t('twoFactor.passkeys.remove')}
                </Button>
              }
            >
              <KeyRounded sx={{ mr: 1.5, color: 'text.secondary' }} />
              <ListItemText
                primary={passkey.attributes.name}
                secondary={
                  passkey.attributes.last_used_at
                    ? t('twoFactor.passkeys.lastUsed', {
                        date: formatDateTime(passkey.attributes.last_used_at),
                      })
                    : t('twoFactor.passkeys.added', { date: formatDateTime(passkey.attributes.created_at) })
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {supported ? (
        <Button variant="outlined" startIcon={<KeyRounded />} onClick={() => setAdding(true)}>
          {t('twoFactor.passkeys.add')}
        </Button>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('twoFactor.passkeys.unsupported')}</Typography>
      )}
      <PasskeyDialog
        open={adding}
        title={t('twoFactor.passkeys.addTitle')}
        text={t('twoFactor.passkeys.addText')}
        confirmLabel={t('twoFactor.passkeys.addConfirm')}
        withName
        busy={add.isPending}
        onClose={() => setAdding(false)}
        onConfirm={(input, fail) =>
          add.mutate(
            { password: input.password, name: input.name || t('twoFactor.passkeys.namePlaceholder') },
            {
              onSuccess: () => {
                setAdding(false)
                toast.success(t('twoFactor.passkeys.addedToast'))
                onChanged()
              },
              onError: fail,
            },
          )
        }
      />
      <PasskeyDialog
        open={removing !== null}
        title={t('twoFactor.passkeys.removeTitle', { name: removing?.attributes.name ?? '' })}
        text={t('twoFactor.passkeys.removeText')}
        confirmLabel={t('twoFactor.passkeys.remove')}
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(input, fail) =>
          removing &&
          remove.mutate(
            { id: removing.id, password: input.password },
            {
              onSuccess: () => {
                setRemoving(null)
                toast.success(t('twoFactor.passkeys.removedToast'))
                onChanged()
              },
              onError: fail,
            },
          )
        }
      />
    </Stack>
  )
}
