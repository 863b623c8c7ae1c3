import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import {
  type AuditEntryResource,
  accessLabel,
  ITEM_SETTINGS,
  isServiceSettingName,
  isSettingName,
  type Language,
  SERVICE_SETTINGS,
  serviceSettingLabel,
  settingLabel,
} from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { formatDateTime } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useAudit } from '../api/audit'

type Attributes = AuditEntryResource['attributes']
type Value = string | number | boolean | null

// A dashboard setting, else a service parameter (ADR 025), by its wire name.
function fieldLabel(name: string, language: Language): string {
  if (isSettingName(name)) return settingLabel(ITEM_SETTINGS[name], language)
  if (isServiceSettingName(name)) return serviceSettingLabel(SERVICE_SETTINGS[name], language)
  return name
}

// The weekly schedule's members (ADR 026) are not settings of the registry.
const SCHEDULE_FIELDS = ['enabled', 'heater_reduction', 'boiler_reduction', 'reduced_hours'] as const
type ScheduleField = (typeof SCHEDULE_FIELDS)[number]
const isScheduleField = (name: string): name is ScheduleField =>
  (SCHEDULE_FIELDS as readonly string[]).includes(name)

/** «Журнал змін»: who changed what on the device, newest first, and whether the boiler took it. */
export function AuditSection({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const audit = useAudit(itemId, page)
  const lastPage = audit.data?.meta.page.lastPage ?? 1
  const value = (field: string, raw: Value) => {
    if (raw === null) return '—'
    if (field === 'power') return t(`audit.power.${raw === 'on' ? 'on' : 'off'}`)
    if (typeof raw === 'boolean') return raw ? '✓' : '✗'
    return String(raw)
  }
  const describe = (entry: Attributes) => {
    const parts = Object.entries(entry.changes)
      .filter(([field]) => field !== 'user_id')
      .map(
        ([field, change]) =>
          `${isScheduleField(field) ? t(`audit.fields.${field}`) : fieldLabel(field, currentLanguage())}: ${value(field, change.from)} → ${value(field, change.to)}`,
      )
    if (entry.subject)
      parts.push(
        `${entry.subject.email}${entry.subject.access ? ` (${accessLabel(entry.subject.access, currentLanguage())})` : ''}`,
      )
    if (entry.outcome) parts.push(t(`audit.outcomes.${entry.outcome}`))
    if (entry.reason) parts.push(entry.reason)
    return parts.join(' · ')
  }
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
          ) : audit.data.data.length === 0 ? (
            <Typography color="text.secondary">{t('audit.empty')}</Typography>
          ) : (
            <List disablePadding aria-label={t('audit.title')}>
              {audit.data.data.map((entry) => (
                <ListItem key={entry.id} disableGutters divider>
                  <ListItemText
                    sx={{ overflowWrap: 'anywhere' }}
                    primary={`${t(`audit.actions.${entry.attributes.action}`)} — ${entry.attributes.actor_name || t('audit.system')}`}
                    secondary={[formatDateTime(entry.attributes.at), describe(entry.attributes)]
                      .filter(Boolean)
                      .join(' · ')}
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
