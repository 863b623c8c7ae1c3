import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import { effectiveRole, type RoleName, roleLabel } from '@teplo/domain'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useProfile } from '../../features/auth/api/get-profile'
import { currentLanguage } from '../../lib/i18n'

/** What the guard hands to the home screen when it turns someone away from a page of other roles. */
export interface NoAccessState {
  noAccess: { page?: string | undefined; roles: readonly RoleName[] }
}

function noAccessOf(state: unknown): NoAccessState['noAccess'] | null {
  if (typeof state !== 'object' || state === null || !('noAccess' in state)) return null
  const noAccess = (state as NoAccessState).noAccess
  return Array.isArray(noAccess?.roles) ? noAccess : null
}

/**
 * On the home screen after the guard sent the person there from a page their role may not open (spec §6): which
 * page, whose it is, and their own role — never a silent jump.
 */
export function NoAccessNotice() {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const { data: profile } = useProfile()
  const noAccess = noAccessOf(location.state)
  if (!noAccess || !profile) return null
  const language = currentLanguage()
  const parts = {
    page: noAccess.page,
    roles: noAccess.roles.map((role) => roleLabel(role, language)).join(', '),
    role: roleLabel(effectiveRole(profile.roles), language),
  }
  const close = () =>
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })
  return (
    <Alert
      severity="warning"
      data-testid="no-access"
      action={
        <Button color="inherit" size="small" onClick={close}>
          {t('noAccess.close')}
        </Button>
      }
    >
      <AlertTitle>{t('noAccess.title')}</AlertTitle>
      {noAccess.page ? t('noAccess.text', parts) : t('noAccess.textNoPage', parts)}
    </Alert>
  )
}
