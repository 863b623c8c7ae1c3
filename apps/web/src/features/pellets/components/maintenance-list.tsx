import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { type MaintenanceStatus, type MaintenanceTask, PELLETS_UK, registerMessages } from '@teplo/domain'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { RetryAlert } from '../../../components/ui/retry-alert'
import { formatDate } from '../../../lib/dates'
import { formatNumber } from '../../../lib/numbers'
import { type MaintenanceTaskEntry, useMaintenance } from '../api/maintenance'
import { MaintenanceDoneDialog } from './maintenance-done-dialog'
import { MaintenanceIntervalDialog } from './maintenance-interval-dialog'

// The domain's refusals of a task done, in Ukrainian (ADR 055); English comes with the English messages.
registerMessages('uk', { pellets: PELLETS_UK })

const CHIP_COLOR: Record<MaintenanceStatus, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  due: 'warning',
  overdue: 'error',
}

interface MaintenanceListProps {
  itemId: string
  /** May mark a task done (operates the device). */
  operates: boolean
  /** May change the intervals (the installer's `commission`). */
  commissions: boolean
  today: string
}

/** «Обслуговування»: each task, what is left until it is due, «Виконано» (ADR 059). */
export function MaintenanceList({ itemId, operates, commissions, today }: MaintenanceListProps) {
  const { t } = useTranslation()
  const maintenance = useMaintenance(itemId)
  const [dialog, setDialog] = useState<{ kind: 'done' | 'interval'; task: MaintenanceTaskEntry } | null>(null)

  if (maintenance.isError)
    return (
      <RetryAlert onRetry={() => maintenance.refetch()}>{t('pellets.maintenance.loadFailed')}</RetryAlert>
    )
  if (!maintenance.data) return <LoadingStatus>{t('pellets.maintenance.loading')}</LoadingStatus>
  return (
    <Stack spacing={2}>
      <Typography id="maintenance-title" variant="h2">
        {t('pellets.maintenance.title')}
      </Typography>
      <Stack
        component="ul"
        spacing={2}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-labelledby="maintenance-title"
        data-testid="maintenance-tasks"
      >
        {maintenance.data.tasks.map((task) => (
          <Stack component="li" key={task.task} spacing={0.5} aria-label={taskName(t, task.task)}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="h3" component="h3">
                {taskName(t, task.task)}
              </Typography>
              <Chip
                size="small"
                color={CHIP_COLOR[task.status]}
                label={t(`pellets.maintenance.status.${task.status}`)}
                data-testid={`maintenance-status-${task.task}`}
              />
            </Stack>
            <Typography data-testid={`maintenance-left-${task.task}`}>{leftLine(t, task)}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`pellets.maintenance.every.${task.unit}`, { count: task.interval })}
              {' · '}
              {task.last_done_at
                ? t('pellets.maintenance.lastDone', { date: formatDate(task.last_done_at) })
                : t('pellets.maintenance.neverDone', { date: formatDate(task.since) })}
              {task.last_note ? ` · ${task.last_note}` : ''}
            </Typography>
            {(operates || commissions) && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, pt: 0.5 }}>
                {operates && (
                  <Button
                    variant={task.status === 'ok' ? 'outlined' : 'contained'}
                    size="small"
                    aria-label={t('pellets.maintenance.doneFor', { task: taskName(t, task.task) })}
                    onClick={() => setDialog({ kind: 'done', task })}
                  >
                    {t('pellets.maintenance.done')}
                  </Button>
                )}
                {commissions && (
                  <Button
                    size="small"
                    aria-label={t('pellets.maintenance.intervalFor', { task: taskName(t, task.task) })}
                    onClick={() => setDialog({ kind: 'interval', task })}
                  >
                    {t('pellets.maintenance.interval')}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        ))}
      </Stack>
      {dialog?.kind === 'done' && (
        <MaintenanceDoneDialog
          itemId={itemId}
          task={dialog.task.task}
          today={today}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'interval' && (
        <MaintenanceIntervalDialog itemId={itemId} task={dialog.task} onClose={() => setDialog(null)} />
      )}
    </Stack>
  )
}

type T = TFunction

export const taskName = (t: T, task: MaintenanceTask): string => t(`pellets.maintenance.tasks.${task}`)

/** «Залишилося 120 кг (≈ до 12.01.27)», «Прострочено на 3 дн.», or why it cannot be said. */
export function leftLine(t: T, task: MaintenanceTaskEntry): string {
  if (task.due_in === null) return t('pellets.maintenance.unknown.no_readings')
  const { value, unit } = task.due_in
  const amount = formatNumber(Math.abs(value), 0)
  const when = task.due_at ? formatDate(task.due_at) : null
  if (value <= 0) return t(`pellets.maintenance.overdue.${unit}`, { amount, count: Math.abs(value) })
  const left = t(`pellets.maintenance.left.${unit}`, { amount, count: value })
  return when && unit !== 'days' ? `${left} ${t('pellets.maintenance.around', { date: when })}` : left
}
