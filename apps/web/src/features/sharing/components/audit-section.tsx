import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { AuditEntryResource } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { formatDateTime } from '../../../lib/dates'
import { domainMessage } from '../../../lib/domain-messages'
import { currentLanguage } from '../../../lib/i18n'
import { useAudit } from '../api/audit'
import { auditLines, shownInLog } from '../utils/audit-lines'

/** «Журнал змін»: who changed what on the device, newest first, and whether the boiler took it. */
export function AuditSection({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const audit = useAudit(itemId, page)
  const lastPage = audit.data?.meta.page.lastPage ?? 1
  const language = currentLanguage()
  const entries = (audit.data?.data ?? [])
    .map((entry) => ({ entry, lines: auditLines(entry.attributes, t, language) }))
    .filter(({ entry, lines }) => shownInLog(entry.attributes, lines))
  const settlement = (attributes: AuditEntryResource['attributes']) =>
    [
      attributes.outcome ? t(`audit.outcomes.${attributes.outcome}`) : null,
      attributes.reason ? domainMessage(attributes.reason) : null,
    ]
      .filter(Boolean)
      .join(' · ')
  return (
    <Card component="section" aria-labelledby="audit-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="audit-title" variant="h2">
            {t('audit.title')}
          </Typography>
          {audit.isError ? (
            <RetryAlert onRetry={() => audit.refetch()}>{t('audit.loadFailed')}</RetryAlert>
          ) : !audit.data ? (
            <LoadingStatus>{t('audit.title')}</LoadingStatus>
          ) : entries.length === 0 ? (
            <Typography color="text.secondary">{t('audit.empty')}</Typography>
          ) : (
            <List disablePadding aria-label={t('audit.title')}>
              {entries.map(({ entry, lines }) => (
                <ListItem key={entry.id} disableGutters divider>
                  <ListItemText
                    sx={{ overflowWrap: 'anywhere' }}
                    primary={`${t(`audit.actions.${entry.attributes.action}`)} — ${entry.attributes.actor_name || t('audit.system')}`}
                    secondary={
                      <>
                        {[formatDateTime(entry.attributes.at), settlement(entry.attributes)]
                          .filter(Boolean)
                          .join(' · ')}
                        {lines.map((line) => (
                          <Box component="span" key={line} sx={{ display: 'block' }}>
                            {line}
                          </Box>
                        ))}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          {lastPage > 1 && (
            <Stack direction="row" spacing={1}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('audit.newer')}
              </Button>
              <Button disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
                {t('audit.older')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
