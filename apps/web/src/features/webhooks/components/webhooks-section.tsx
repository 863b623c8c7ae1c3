import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import type { WebhookResource } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/dates'
import { failureMessage } from '../../../lib/failure-message'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-webhooks.json'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks'
import { eventLabel } from '../utils/event-label'
import { WebhookDeliveries } from './webhook-deliveries'
import { WebhookForm } from './webhook-form'

addScreenStrings(strings, () => import('../../../locales/en-webhooks.json'))

/** The signing secret of a webhook just created: shown this once, with a copy button. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  return (
    <Alert severity="warning" role="status">
      <Typography sx={{ fontWeight: 600 }}>{t('webhooks.secretTitle')}</Typography>
      <Typography variant="body2">{t('webhooks.secretOnce')}</Typography>
      <Box
        component="code"
        data-testid="webhook-secret"
        sx={{ display: 'block', my: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {secret}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret)
            toast.success(t('webhooks.copied'))
          }}
        >
          {t('webhooks.copy')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('webhooks.done')}
        </Button>
      </Stack>
    </Alert>
  )
}

function WebhookRow({ webhook, onFailed }: { webhook: WebhookResource; onFailed: (error: unknown) => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const update = useUpdateWebhook()
  const remove = useDeleteWebhook()
  const test = useSendWebhookTest()
  const [logOpen, setLogOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { attributes: a } = webhook
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.url}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {a.events.map((name) => eventLabel(t, name)).join(', ')}
          </Typography>
          {a.disabled_reason && (
            <Typography variant="body2" color="error">
              {a.disabled_reason}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[
              a.failures > 0 ? t('webhooks.failures', { count: a.failures }) : null,
              a.last_success_at
                ? t('webhooks.lastSuccess', { date: formatDateTime(a.last_success_at) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
        <Switch
          checked={a.enabled}
          disabled={update.isPending}
          slotProps={{ input: { 'aria-label': t('webhooks.enabledLabel', { url: a.url }) } }}
          onChange={(_event, enabled) =>
            update.mutate({ id: webhook.id, body: { enabled } }, { onError: onFailed })
          }
        />
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button size="small" onClick={() => setLogOpen(!logOpen)} aria-expanded={logOpen}>
          {logOpen ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </Button>
        <Button
          size="small"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: () => {
                setLogOpen(true)
                toast.success(t('webhooks.testQueued'))
              },
              onError: onFailed,
            })
          }
        >
          {t('webhooks.test')}
        </Button>
        <Button
          size="small"
          color="error"
          aria-label={t('webhooks.deleteLabel', { url: a.url })}
          onClick={() => setConfirming(true)}
        >
          {t('webhooks.delete')}
        </Button>
      </Stack>
      {logOpen && <WebhookDeliveries webhookId={webhook.id} />}
      <ConfirmDialog
        open={confirming}
        busy={remove.isPending}
        subject={a.url}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(webhook.id, {
            onSuccess: () => toast.success(t('webhooks.deleted')),
            onError: onFailed,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </ListItem>
  )
}

/**
 * The account's webhooks (ADR 061): the list, each one's switch, test, log and removal, and a new one with its
 * secret shown once. Placed in account settings by app/ (in its section card, titled `webhooks.title`).
 */
export function WebhooksSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const webhooks = useWebhooks()
  const create = useCreateWebhook()
  const [adding, setAdding] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const failed = (error: unknown) =>
    toast.error(
      t('webhooks.failed', {
        detail: failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') }),
      }),
    )
  if (webhooks.isPending) return <LoadingStatus>{t('webhooks.loading')}</LoadingStatus>
  if (webhooks.isError)
    return (
      <Typography color="error">
        {t('webhooks.loadFailed', {
          detail: failureMessage(webhooks.error, {
            generic: t('errors.generic'),
            network: t('errors.network'),
          }),
        })}
      </Typography>
    )
  return (
    <Stack spacing={2}>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      {webhooks.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('webhooks.empty')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('webhooks.title')}>
          {webhooks.data.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} onFailed={failed} />
          ))}
        </List>
      )}
      {adding ? (
        <WebhookForm
          busy={create.isPending}
          error={create.error}
          onCancel={() => {
            create.reset()
            setAdding(false)
          }}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (created) => {
                setAdding(false)
                setSecret(created.attributes.secret)
                toast.success(t('webhooks.created'))
              },
              onError: (error) => {
                // The address's and the events' refusals show under them; anything else in a toast.
                const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
                if (!fields.url && !fields.events) failed(error)
              },
            })
          }
        />
      ) : (
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          {t('webhooks.add')}
        </Button>
      )}
    </Stack>
  )
}
