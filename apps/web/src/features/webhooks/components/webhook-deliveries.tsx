import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { formatDateTime } from '../../../lib/dates'
import { useWebhookDeliveries } from '../api/webhooks'
import { eventLabel } from '../utils/event-label'

const STATE_COLOURS = {
  pending: 'text.secondary',
  delivered: 'success.main',
  failed: 'error.main',
  skipped: 'text.secondary',
} as const

/** The newest deliveries of one webhook: what was sent, how it went, when it is tried again. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation()
  const deliveries = useWebhookDeliveries(webhookId, true)
  if (deliveries.isPending) return <LoadingStatus>{t('webhooks.loading')}</LoadingStatus>
  if (deliveries.isError || deliveries.data.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('webhooks.noDeliveries')}
      </Typography>
    )
  return (
    <List dense disablePadding aria-label={t('webhooks.showDeliveries')}>
      {deliveries.data.map(({ id, attributes: a }) => (
        <ListItem key={id} disableGutters divider>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {eventLabel(t, a.event_type)} ·{' '}
              <Typography component="span" variant="body2" sx={{ color: STATE_COLOURS[a.state] }}>
                {t(`webhooks.state.${a.state}`)}
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[
                formatDateTime(a.created_at),
                t('webhooks.attempts', { count: a.attempts }),
                a.last_status !== null ? t('webhooks.status', { status: a.last_status }) : null,
                a.last_error,
                a.next_attempt_at
                  ? t('webhooks.nextAttempt', { date: formatDateTime(a.next_attempt_at) })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Stack>
        </ListItem>
      ))}
    </List>
  )
}
