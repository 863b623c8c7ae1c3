import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ApiTokenResource } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { formatDateTime } from '../../../lib/dates'
import { failureMessage } from '../../../lib/failure-message'
import { addScreenStrings } from '../../../lib/i18n'
import strings from '../../../locales/uk-api-tokens.json'
import { useApiTokens, useDeleteApiToken } from '../api/api-tokens'
import { CreateApiTokenDialog } from './create-api-token-dialog'

addScreenStrings(strings, () => import('../../../locales/en-api-tokens.json'))

const expired = (token: ApiTokenResource) =>
  token.attributes.expires_at !== null &&
  new Date(`${token.attributes.expires_at.replace(' ', 'T')}Z`).getTime() <= Date.now()

/**
 * The account's personal API tokens (ADR 060): each with what it may do, its devices, expiry and last use; a new
 * one is made in a dialog and shown once; one is deleted after a confirmation. Placed in account settings by app/
 * (in its section card, titled `apiTokens.title`).
 */
export function ApiTokensSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const tokens = useApiTokens()
  const remove = useDeleteApiToken()
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<ApiTokenResource | null>(null)
  const detail = (error: unknown) =>
    failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('apiTokens.deleted'))
        setDeleting(null)
      },
      onError: (error) => toast.error(t('apiTokens.deleteFailed', { detail: detail(error) })),
    })
  }

  return (
    <Stack spacing={2}>
      {tokens.isPending ? (
        <LoadingStatus>{t('apiTokens.loading')}</LoadingStatus>
      ) : tokens.isError ? (
        <Typography color="error">{t('apiTokens.loadFailed', { detail: detail(tokens.error) })}</Typography>
      ) : tokens.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('apiTokens.none')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('apiTokens.title')}>
          {tokens.data.map((token) => {
            const { attributes } = token
            return (
              <ListItem key={token.id} disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {attributes.name}
                    </Typography>
                    <Chip
                      size="small"
                      color={attributes.scopes.includes('control') ? 'warning' : 'default'}
                      label={t(
                        attributes.scopes.includes('control')
                          ? 'apiTokens.scope.control'
                          : 'apiTokens.scope.read',
                      )}
                    />
                    {expired(token) && <Chip size="small" color="error" label={t('apiTokens.expired')} />}
                  </Stack>
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                  >
                    {attributes.prefix}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {attributes.item_ids === null
                      ? t('apiTokens.allDevices')
                      : t('apiTokens.someDevices', { count: attributes.item_ids.length })}
                    {' · '}
                    {attributes.expires_at
                      ? t('apiTokens.expires', { date: formatDateTime(attributes.expires_at) })
                      : t('apiTokens.noExpiry')}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {attributes.last_used_at
                      ? t('apiTokens.lastUsed', {
                          date: formatDateTime(attributes.last_used_at),
                          address: attributes.last_address ?? '—',
                        })
                      : t('apiTokens.neverUsed')}
                  </Typography>
                </Stack>
                <Button
                  size="small"
                  color="error"
                  aria-label={t('apiTokens.deleteLabel', { name: attributes.name })}
                  onClick={() => setDeleting(token)}
                >
                  {t('apiTokens.delete')}
                </Button>
              </ListItem>
            )
          })}
        </List>
      )}
      <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setCreating(true)}>
        {t('apiTokens.createButton')}
      </Button>
      {/* Mounted while open only: its list of devices is read when it opens. */}
      {creating && <CreateApiTokenDialog open onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        subject={deleting?.attributes.name}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  )
}
