import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { HomeAssistantResource } from '@teplo/domain'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/dates'
import { failureMessage } from '../../../lib/failure-message'
import { addScreenStrings } from '../../../lib/i18n'
import { useItems } from '../../../lib/items/get-items'
import strings from '../../../locales/uk-home-assistant.json'
import { useDisconnectHomeAssistant, useHomeAssistant, useSaveHomeAssistant } from '../api/home-assistant'
import { STATE_COLOR } from '../utils/connection-state'
import { publishableDevices } from '../utils/devices'
import { HomeAssistantForm } from './home-assistant-form'

addScreenStrings(strings, () => import('../../../locales/en-home-assistant.json'))

/** The fields whose refusals show under them in the form; anything else goes to a toast. */
const FORM_FIELDS = ['broker_url', 'username', 'password', 'discovery_prefix', 'item_ids']

type Attributes = HomeAssistantResource['attributes']

/** One line of the connection's details: its name above the value on a phone, beside it on a wider screen. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  )
}

/** The chosen boilers by name (a boiler no longer listed by its number). */
function ChosenDevices({ ids }: { ids: number[] }) {
  const { t } = useTranslation()
  const devices = useItems({}, publishableDevices)
  const name = (id: number) =>
    devices.data?.find((device) => Number(device.id) === id)?.name ?? t('homeAssistant.unknownDevice', { id })
  return <>{devices.data ? ids.map(name).join(', ') : '…'}</>
}

/** Where the connection stands: a chip, and what it means (since when, how many boilers, or why it failed). */
function ConnectionState({
  link,
  onCheck,
  checking,
}: {
  link: Attributes
  onCheck: () => void
  checking: boolean
}) {
  const { t } = useTranslation()
  return (
    <Stack role="status" spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('homeAssistant.stateLabel')}
        </Typography>
        <Chip size="small" color={STATE_COLOR[link.state]} label={t(`homeAssistant.state.${link.state}`)} />
      </Stack>
      {link.state === 'connecting' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('homeAssistant.connectingHint')}
        </Typography>
      )}
      {link.state === 'connected' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[
            link.connected_at
              ? t('homeAssistant.connectedSince', { date: formatDateTime(link.connected_at) })
              : null,
            t('homeAssistant.published', { count: link.published_item_ids.length }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {link.state === 'failed' && (
        <>
          {link.last_error && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {link.last_error}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('homeAssistant.failedHint')}
          </Typography>
          <Button size="small" sx={{ alignSelf: 'flex-start' }} disabled={checking} onClick={onCheck}>
            {t('homeAssistant.checkAgain')}
          </Button>
        </>
      )}
    </Stack>
  )
}

/**
 * The account's Home Assistant connection (ADR 062): Teplo connects to the owner's MQTT broker and publishes their
 * boilers by MQTT discovery. Shows the connection and its state, connects, changes and disconnects it. Placed in
 * account settings by app/ (in its section card, titled `homeAssistant.title`).
 */
export function HomeAssistantSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const connection = useHomeAssistant()
  const save = useSaveHomeAssistant()
  const disconnect = useDisconnectHomeAssistant()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const detail = (error: unknown) =>
    failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })
  const failed = (error: unknown) => toast.error(t('homeAssistant.failed', { detail: detail(error) }))
  if (connection.isPending) return <LoadingStatus>{t('homeAssistant.loading')}</LoadingStatus>
  if (connection.isError)
    return (
      <Typography color="error">
        {t('homeAssistant.loadFailed', { detail: detail(connection.error) })}
      </Typography>
    )
  const link = connection.data?.attributes ?? null

  if (editing)
    return (
      <HomeAssistantForm
        stored={link}
        busy={save.isPending}
        error={save.error}
        onCancel={() => {
          save.reset()
          setEditing(false)
        }}
        onSubmit={(body) =>
          save.mutate(body, {
            onSuccess: () => {
              setEditing(false)
              toast.success(t('homeAssistant.saved'))
            },
            onError: (error) => {
              const fields = error instanceof ApiRequestError ? error.fieldErrors : {}
              if (!FORM_FIELDS.some((field) => fields[field])) failed(error)
            },
          })
        }
      />
    )

  const edit = () => {
    save.reset()
    setEditing(true)
  }

  if (!link)
    return (
      <Stack spacing={2}>
        <Typography variant="body2">{t('homeAssistant.intro')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('homeAssistant.introBroker')}
        </Typography>
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={edit}>
          {t('homeAssistant.connect')}
        </Button>
      </Stack>
    )

  return (
    <Stack spacing={2}>
      <ConnectionState link={link} checking={connection.isFetching} onCheck={() => connection.refetch()} />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 1 },
        }}
      >
        <Detail label={t('homeAssistant.broker')}>{link.broker_url}</Detail>
        <Detail label={t('homeAssistant.username')}>{link.username ?? t('homeAssistant.noUsername')}</Detail>
        <Detail label={t('homeAssistant.password')}>
          {link.has_password ? t('homeAssistant.passwordStored') : t('homeAssistant.noPassword')}
        </Detail>
        <Detail label={t('homeAssistant.prefix')}>{link.discovery_prefix}</Detail>
        <Detail label={t('homeAssistant.devices')}>
          {link.item_ids ? <ChosenDevices ids={link.item_ids} /> : t('homeAssistant.allDevices')}
        </Detail>
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={edit}>
          {t('homeAssistant.edit')}
        </Button>
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('homeAssistant.disconnect')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        busy={disconnect.isPending}
        question={{
          title: t('homeAssistant.confirmTitle'),
          text: t('homeAssistant.confirmText'),
          confirm: t('homeAssistant.disconnect'),
          cancel: t('homeAssistant.cancel'),
        }}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => toast.success(t('homeAssistant.disconnected')),
            onError: failed,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  )
}
