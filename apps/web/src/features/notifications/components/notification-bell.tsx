import NotificationsRounded from '@mui/icons-material/NotificationsRounded'
import Badge from '@mui/material/Badge'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import Popover from '@mui/material/Popover'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { alarmStateLabel, type NotificationResource } from '@teplo/domain'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDateTime } from '../../../lib/dates'
import { currentLanguage } from '../../../lib/i18n'
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications'
import { useLiveNotifications } from '../hooks/use-live-notifications'
import { alarmWording } from '../utils/alarm-wording'

const STATE_COLORS = { active: 'error', acknowledged: 'warning', cleared: 'default' } as const

/** The bell of the top bar: the unread count (live) and the newest notifications. */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const live = useLiveNotifications(enabled)
  const query = useNotifications({ enabled, live })
  const markRead = useMarkRead()
  const markAllRead = useMarkAllRead()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const titleId = useId()
  if (!enabled) return null
  const unread = query.data?.meta.unread ?? 0
  const notifications = query.data?.data ?? []
  const label =
    unread > 0 ? t('shell.notifications.labelUnread', { count: unread }) : t('shell.notifications.label')

  const open = (notification: NotificationResource) => {
    setAnchor(null)
    if (!notification.attributes.read_at) markRead.mutate(notification.id)
    void navigate(`/dashboards?device=${encodeURIComponent(notification.relationships.item.data.id)}`)
  }

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            <NotificationsRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 'min(24rem, calc(100vw - 16px))', maxHeight: '70vh' },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, gap: 1 }}
        >
          <Typography
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            variant="h3"
            component="h2"
            sx={{ fontSize: '1rem', fontWeight: 600, outline: 'none' }}
          >
            {t('shell.notifications.title')}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => {
              // The button is disabled once nothing is unread, and a disabled button drops the focus out of the
              // list: keep it on the list's heading, so that Escape still closes the list.
              titleRef.current?.focus()
              markAllRead.mutate()
            }}
          >
            {t('shell.notifications.markAllRead')}
          </Button>
        </Stack>
        <Divider />
        {notifications.length === 0 ? (
          <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }}>
            {t('shell.notifications.empty')}
          </Typography>
        ) : (
          <List disablePadding aria-label={t('shell.notifications.title')}>
            {notifications.map((notification) => {
              const { attributes } = notification
              const wording = alarmWording(attributes, currentLanguage())
              const unreadItem = attributes.read_at === null
              return (
                // Each entry is a list item holding its button: a list holds only items (axe `list`).
                <ListItem key={notification.id} disablePadding divider>
                  <ListItemButton
                    onClick={() => open(notification)}
                    sx={{
                      alignItems: 'flex-start',
                      gap: 1.5,
                      bgcolor: unreadItem ? 'action.hover' : undefined,
                    }}
                  >
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography sx={{ fontWeight: unreadItem ? 700 : 400, overflowWrap: 'anywhere' }}>
                        {attributes.device_name}: {wording.title}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {wording.description}
                      </Typography>
                      <Stack direction="row" sx={{ gap: 1, mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {formatDateTime(attributes.created_at)}
                        </Typography>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={STATE_COLORS[attributes.alarm_state]}
                          label={alarmStateLabel(attributes.alarm_state, currentLanguage())}
                        />
                        {unreadItem && (
                          <Typography variant="caption" sx={{ color: 'error.main', fontWeight: 600 }}>
                            {t('shell.notifications.new')}
                          </Typography>
                        )}
                      </Stack>
                    </Box>
                  </ListItemButton>
                </ListItem>
              )
            })}
          </List>
        )}
      </Popover>
    </>
  )
}
