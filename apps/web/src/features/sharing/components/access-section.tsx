import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { accessHint, accessLabel, type ItemAccess, SHARE_LEVELS, type ShareLevel } from '@teplo/domain'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { SelectField } from '../../../components/ui/select-field'
import { TextInput } from '../../../components/ui/text-input'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { refusalMessage } from '../../../lib/refusal-message'
import {
  useCancelInvitation,
  useChangeShare,
  useCreateShare,
  useDeleteShare,
  useItemInvitations,
  useShares,
} from '../api/shares'
import { HandoverSection } from './handover-section'
import type { SharedDevice } from './shared-device'

const managesAccess = (access: ItemAccess) => access === 'owner' || access === 'admin'

/** «Доступ»: who else sees the device and at what level; the owner invites, changes and revokes. */
export function AccessSection({ device }: { device: SharedDevice }) {
  const { t } = useTranslation()
  const manager = managesAccess(device.access)
  return (
    <Card component="section" aria-labelledby="access-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="access-title" variant="h2">
            {t('sharing.title')}
          </Typography>
          <Typography variant="body2">
            {t('sharing.yourAccess', { level: accessLabel(device.access, currentLanguage()) })}
          </Typography>
          {manager && <InviteForm itemId={device.id} />}
          <ShareList device={device} manager={manager} />
          {manager && <PendingList itemId={device.id} />}
          {manager && <HandoverSection device={device} />}
        </Stack>
      </CardContent>
    </Card>
  )
}

const failure = refusalMessage

function InviteForm({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const create = useCreateShare(itemId)
  const [email, setEmail] = useState('')
  const [access, setAccess] = useState<ShareLevel>('viewer')
  const fieldError = create.error instanceof ApiRequestError ? create.error.fieldErrors.email : undefined
  // Levels only: handing the boiler over is an action of its own, with its consequences spelt out (HandoverSection).
  const options = [...SHARE_LEVELS].reverse().map((level) => ({
    value: level,
    label: `${accessLabel(level, currentLanguage())} — ${accessHint(level, currentLanguage()).toLowerCase()}`,
  }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { email, access },
      {
        onSuccess: (created) => {
          setEmail('')
          const key = created.kind === 'share' ? 'sharing.invite.shared' : 'sharing.invite.invited'
          toast.success(t(key, { email: email.trim().toLowerCase() }))
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError && error.fieldErrors.email))
            toast.error(failure(error, t('sharing.invite.failed')))
        },
      },
    )
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextInput
        label={t('sharing.invite.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError}
      />
      <SelectField
        label={t('sharing.invite.level')}
        value={access}
        options={options}
        onChange={(value) => setAccess(value as ShareLevel)}
      />
      <div>
        <Button type="submit" variant="contained" disabled={create.isPending || email.trim() === ''}>
          {t('sharing.invite.submit')}
        </Button>
      </div>
    </Stack>
  )
}

function ShareList({ device, manager }: { device: SharedDevice; manager: boolean }) {
  const { t } = useTranslation()
  const toast = useToast()
  const shares = useShares(device.id)
  const change = useChangeShare(device.id)
  const remove = useDeleteShare(device.id)
  if (shares.isError)
    return <RetryAlert onRetry={() => shares.refetch()}>{t('sharing.loadFailed')}</RetryAlert>
  if (!shares.data) return <LoadingStatus>{t('sharing.loading')}</LoadingStatus>
  if (shares.data.length === 0)
    return manager ? <Typography color="text.secondary">{t('sharing.nobody')}</Typography> : null
  const levelOptions = [...SHARE_LEVELS]
    .reverse()
    .map((level) => ({ value: level, label: accessLabel(level, currentLanguage()) }))
  return (
    <Stack spacing={1}>
      <Typography variant="h3">{t('sharing.people')}</Typography>
      <List disablePadding aria-label={t('sharing.people')}>
        {shares.data.map((share) => (
          <ListItem
            key={share.id}
            disableGutters
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            aria-label={share.attributes.email}
          >
            <ListItemText
              primary={share.attributes.name}
              secondary={share.attributes.email}
              sx={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}
            />
            {manager ? (
              <div style={{ flex: '0 1 12rem' }}>
                <SelectField
                  label={t('sharing.changeLevel', { email: share.attributes.email })}
                  value={share.attributes.access}
                  options={levelOptions}
                  disabled={change.isPending}
                  onChange={(value) =>
                    change.mutate(
                      { shareId: share.id, access: value as ShareLevel },
                      {
                        onSuccess: () => toast.success(t('sharing.changed')),
                        onError: (error) => toast.error(failure(error, t('sharing.failed'))),
                      },
                    )
                  }
                />
              </div>
            ) : (
              <Typography variant="body2">
                {accessLabel(share.attributes.access, currentLanguage())}
              </Typography>
            )}
            <Button
              color="error"
              variant="outlined"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(share.id, {
                  onSuccess: () => toast.success(manager ? t('sharing.revoked') : t('sharing.left')),
                  onError: (error) => toast.error(failure(error, t('sharing.failed'))),
                })
              }
            >
              {manager ? t('sharing.revoke') : t('sharing.leave')}
            </Button>
          </ListItem>
        ))}
      </List>
    </Stack>
  )
}

function PendingList({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const invitations = useItemInvitations(itemId, true)
  const cancel = useCancelInvitation(itemId)
  if (!invitations.data || invitations.data.length === 0) return null
  return (
    <Stack spacing={1}>
      <Typography variant="h3">{t('sharing.pending')}</Typography>
      <List disablePadding aria-label={t('sharing.pending')}>
        {invitations.data.map((invitation) => (
          <ListItem key={invitation.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              sx={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}
              primary={t('sharing.pendingLine', {
                email: invitation.attributes.email,
                level:
                  invitation.attributes.access === 'owner'
                    ? t('sharing.invite.handover')
                    : accessLabel(invitation.attributes.access, currentLanguage()),
                date: formatDate(invitation.attributes.expires_at),
              })}
            />
            <Button
              variant="outlined"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(invitation.id, {
                  onSuccess: () => toast.success(t('sharing.withdrawn')),
                  onError: (error) => toast.error(failure(error, t('sharing.failed'))),
                })
              }
            >
              {t('sharing.withdraw')}
            </Button>
          </ListItem>
        ))}
      </List>
    </Stack>
  )
}
