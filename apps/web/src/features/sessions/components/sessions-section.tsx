import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { SessionResource } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { formatDateTime } from '../../../lib/dates'
import { failureMessage } from '../../../lib/failure-message'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-sessions.json'
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions'

addScreenStrings(strings, () => import('../../../locales/en-sessions.json'))

/**
 * Where the account is signed in; any other session can be ended here, or all of them at once. Placed in
 * account settings by app/ (in its section card, titled `sessions.title`).
 */
export function SessionsSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const sessions = useSessions()
  const endSession = useEndSession()
  const endOthers = useEndOtherSessions()
  const failed = (error: unknown) =>
    toast.error(
      t('sessions.failed', {
        detail: failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') }),
      }),
    )
  const nameOf = (session: SessionResource) => {
    const { browser, platform } = session.attributes
    return [browser ?? t('sessions.unknownBrowser'), platform].filter(Boolean).join(' · ')
  }

  if (sessions.isPending) return <LoadingStatus>{t('sessions.loading')}</LoadingStatus>
  if (sessions.isError)
    return (
      <Typography color="error">
        {t('sessions.loadFailed', {
          detail: failureMessage(sessions.error, {
            generic: t('errors.generic'),
            network: t('errors.network'),
          }),
        })}
      </Typography>
    )
  const others = sessions.data.filter((session) => !session.attributes.current)
  return (
    <Stack spacing={2}>
      <List disablePadding aria-label={t('sessions.title')}>
        {sessions.data.map((session) => {
          const { attributes } = session
          const name = nameOf(session)
          return (
            <ListItem key={session.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                  {attributes.device && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t(`sessions.device.${attributes.device}`)}
                    </Typography>
                  )}
                  {attributes.current && <Chip size="small" color="success" label={t('sessions.current')} />}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {attributes.address
                    ? t('sessions.address', { address: attributes.address })
                    : t('sessions.noAddress')}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('sessions.signedIn', { date: formatDateTime(attributes.created_at) })}
                  {attributes.last_used_at &&
                    ` · ${t('sessions.lastUsed', { date: formatDateTime(attributes.last_used_at) })}`}
                </Typography>
              </Stack>
              {!attributes.current && (
                <Button
                  size="small"
                  color="error"
                  aria-label={t('sessions.endLabel', { name })}
                  disabled={endSession.isPending && endSession.variables === session.id}
                  onClick={() =>
                    endSession.mutate(session.id, {
                      onSuccess: () => toast.success(t('sessions.ended')),
                      onError: failed,
                    })
                  }
                >
                  {t('sessions.end')}
                </Button>
              )}
            </ListItem>
          )
        })}
      </List>
      {others.length > 0 ? (
        <Button
          variant="outlined"
          color="error"
          sx={{ alignSelf: 'flex-start' }}
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (count) => toast.success(t('sessions.endedOthers', { count })),
              onError: failed,
            })
          }
        >
          {t('sessions.endOthers')}
        </Button>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sessions.onlyThis')}
        </Typography>
      )}
    </Stack>
  )
}
