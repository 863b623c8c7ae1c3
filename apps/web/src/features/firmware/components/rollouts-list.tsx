import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { firmwareRolloutStatusLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/dates'
import { domainMessage } from '../../../lib/domain-messages'
import { currentLanguage } from '../../../lib/i18n'
import type { Rollout } from '../api/get-rollouts'
import { UpdateStateChip } from './update-state-chip'

const STATUS_COLOR = { running: 'info', completed: 'success', halted: 'error' } as const

function RolloutCard({ rollout, typeName }: { rollout: Rollout; typeName: (id: string) => string }) {
  const { t } = useTranslation()
  const { attributes } = rollout
  const count = (state: string) => attributes.devices.filter((device) => device.state === state).length
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-rollout={rollout.id}
      aria-label={t('firmware.rollouts.heading', { id: rollout.id, version: attributes.version })}
      component="section"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {t('firmware.rollouts.heading', { id: rollout.id, version: attributes.version })}
        </Typography>
        <Chip size="small" label={typeName(rollout.relationships.category.data.id)} />
        <Chip
          size="small"
          color={STATUS_COLOR[attributes.status]}
          label={firmwareRolloutStatusLabel(attributes.status, currentLanguage())}
          data-status={attributes.status}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('firmware.rollouts.started', { date: formatDateTime(attributes.created_at) })} ·{' '}
        {t('firmware.rollouts.summary', {
          succeeded: count('succeeded'),
          total: attributes.devices.length,
          failed: count('failed'),
        })}
        {attributes.stage_percent !== null &&
          ` · ${t('firmware.rollouts.stages', { percent: attributes.stage_percent, stage: attributes.stage })}`}
      </Typography>
      <TableContainer
        role="group"
        aria-label={t('firmware.rollouts.heading', { id: rollout.id, version: attributes.version })}
        tabIndex={0}
      >
        <Table
          size="small"
          aria-label={t('firmware.rollouts.heading', { id: rollout.id, version: attributes.version })}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('firmware.device')}</TableCell>
              <TableCell>{t('firmware.serial')}</TableCell>
              {attributes.stage_percent !== null && <TableCell>{t('firmware.rollouts.stage')}</TableCell>}
              <TableCell>{t('firmware.rollouts.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attributes.devices.map((device) => (
              <TableRow key={device.item_id} data-serial={device.serial_number}>
                <TableCell>{device.name}</TableCell>
                <TableCell>{device.serial_number}</TableCell>
                {attributes.stage_percent !== null && <TableCell>{device.stage}</TableCell>}
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <UpdateStateChip state={device.state} progress={device.progress} />
                    {device.state === 'downloading' && device.progress !== null && (
                      <LinearProgress
                        variant="determinate"
                        value={device.progress}
                        sx={{ maxWidth: '12rem' }}
                      />
                    )}
                    {device.reason && (
                      <Typography variant="body2" color="error">
                        {t('firmware.rollouts.reason', { reason: domainMessage(device.reason) })}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  )
}

/** Rollouts, newest first, each with every device's progress and failures. */
export function RolloutsList({
  rollouts,
  typeName,
}: {
  rollouts: Rollout[]
  typeName: (id: string) => string
}) {
  const { t } = useTranslation()
  if (rollouts.length === 0) return <Typography>{t('firmware.rollouts.empty')}</Typography>
  return (
    <Stack spacing={2}>
      {rollouts.map((rollout) => (
        <RolloutCard key={rollout.id} rollout={rollout} typeName={typeName} />
      ))}
    </Stack>
  )
}
