import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { accessLabel, type InvitationAttributes, type LosingAccess } from '@teplo/domain'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import strings from '../../../locales/uk-sharing.json'
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from '../api/invitations'
import { InviteInstallersBack, installersOf, LosingAccessNotice } from './handover-notice'

addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

/** The sentence of an offer: a level on a device, or the device itself. */
export function offerText(t: TFunction, invitation: InvitationAttributes) {
  const from = invitation.invited_by ?? t('invitations.someone')
  return invitation.access === 'owner'
    ? t('invitations.offerOwner', { from, name: invitation.item_name })
    : t('invitations.offer', {
        from,
        name: invitation.item_name,
        level: accessLabel(invitation.access, currentLanguage()),
      })
}

/**
 * Offers addressed to the signed-in account, to accept or decline without the mailed link. `quiet`: nothing at
 * all while there are none (the dashboard); otherwise an empty state (account settings).
 */
export default function PendingInvitations({ quiet = false }: { quiet?: boolean }) {
  const { t } = useTranslation()
  const toast = useToast()
  const invitations = useMyInvitations()
  const accept = useAcceptInvitation()
  const decline = useDeclineInvitation()
  const list = invitations.data ?? []
  // An accepted handover whose installer lost access: offered to invite them back (ADR 033).
  const [handedOver, setHandedOver] = useState<{ itemId: string; people: LosingAccess[] } | null>(null)
  if (quiet && list.length === 0) return null
  const failed = (error: unknown) =>
    toast.error(
      error instanceof ApiRequestError && error.errors[0] ? error.errors[0].detail : t('invitations.failed'),
    )
  return (
    <Card component="section" aria-labelledby="invitations-title">
      <CardContent>
        <Stack spacing={1}>
          <Typography id="invitations-title" variant="h2">
            {t('invitations.title')}
          </Typography>
          {handedOver && (
            <InviteInstallersBack
              itemId={handedOver.itemId}
              people={handedOver.people}
              onDone={() => setHandedOver(null)}
            />
          )}
          {list.length === 0 ? (
            <Typography color="text.secondary">{t('invitations.none')}</Typography>
          ) : (
            <List disablePadding>
              {list.map((invitation) => (
                <ListItem key={invitation.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    sx={{ minWidth: 0, flex: '1 1 14rem', overflowWrap: 'anywhere' }}
                    primary={offerText(t, invitation.attributes)}
                  />
                  {invitation.attributes.access === 'owner' && (
                    <Box sx={{ flexBasis: '100%' }}>
                      <LosingAccessNotice people={invitation.attributes.losing_access ?? []} />
                    </Box>
                  )}
                  <Button
                    variant="contained"
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(
                        { id: invitation.id },
                        {
                          onSuccess: (device) => {
                            toast.success(t('invitations.accepted'))
                            const people =
                              invitation.attributes.access === 'owner'
                                ? (invitation.attributes.losing_access ?? [])
                                : []
                            if (installersOf(people).length > 0) setHandedOver({ itemId: device.id, people })
                          },
                          onError: failed,
                        },
                      )
                    }
                  >
                    {t('invitations.accept')}
                  </Button>
                  <Button
                    disabled={decline.isPending}
                    onClick={() =>
                      decline.mutate(invitation.id, {
                        onSuccess: () => toast.success(t('invitations.declined')),
                        onError: failed,
                      })
                    }
                  >
                    {t('invitations.decline')}
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
