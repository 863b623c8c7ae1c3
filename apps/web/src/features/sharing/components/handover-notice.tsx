import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { accessLabel, type LosingAccess } from '@teplo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { addScreenStrings, currentLanguage } from '../../../lib/i18n'
import strings from '../../../locales/uk-sharing.json'
import { useCreateShare } from '../api/shares'

addScreenStrings(strings, () => import('../../../locales/en-sharing.json'))

/**
 * Before a handover is accepted or claimed: who loses access to the boiler (ADR 033) — names and levels, and the
 * installers' addresses. Nothing when nobody does.
 */
export function LosingAccessNotice({ people }: { people: readonly LosingAccess[] }) {
  const { t } = useTranslation()
  if (people.length === 0) return null
  return (
    <Alert severity="warning" role="status" sx={{ overflowWrap: 'anywhere' }} data-testid="losing-access">
      <AlertTitle>{t('handover.losingTitle')}</AlertTitle>
      <List dense disablePadding>
        {people.map((person) => (
          <ListItem key={`${person.name}-${person.access}-${person.email ?? ''}`} disableGutters>
            <ListItemText
              primary={`${person.name} — ${accessLabel(person.access, currentLanguage()).toLowerCase()}`}
              secondary={person.email}
            />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2">{t('handover.losingHint')}</Typography>
    </Alert>
  )
}

/** The installers among those who lost access, whom the new owner may invite back. */
export const installersOf = (people: readonly LosingAccess[]) =>
  people.filter(
    (person): person is LosingAccess & { email: string } => person.installer && person.email !== null,
  )

/**
 * After a handover: invite each installer back in one click (an installer share; their account exists, so access
 * is granted at once, registration rights with it), then go on.
 */
export function InviteInstallersBack({
  itemId,
  people,
  onDone,
}: {
  itemId: string
  people: readonly LosingAccess[]
  onDone: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const share = useCreateShare(itemId)
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set())
  const installers = installersOf(people)
  const invite = (email: string, name: string) =>
    share.mutate(
      { email, access: 'installer' },
      {
        onSuccess: () => {
          setInvited((before) => new Set([...before, email]))
          toast.success(t('handover.invitedBack', { name }))
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError && error.errors[0]?.detail
              ? error.errors[0].detail
              : t('handover.inviteFailed'),
          ),
      },
    )
  return (
    <Stack spacing={2} data-testid="invite-installers-back">
      <Typography>{t('handover.installersIntro')}</Typography>
      {installers.map((person) => (
        <Stack
          key={person.email}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, overflowWrap: 'anywhere' }}
        >
          <Typography sx={{ flexGrow: 1 }}>{`${person.name} (${person.email})`}</Typography>
          {invited.has(person.email) ? (
            <Typography color="success.main">{t('handover.invitedLabel')}</Typography>
          ) : (
            <Button
              variant="contained"
              disabled={share.isPending}
              onClick={() => invite(person.email, person.name)}
            >
              {t('handover.inviteBack', { name: person.name })}
            </Button>
          )}
        </Stack>
      ))}
      <div>
        <Button variant="outlined" onClick={onDone}>
          {t('handover.done')}
        </Button>
      </div>
    </Stack>
  )
}
