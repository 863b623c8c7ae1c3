import { InvitationAcceptPage } from '../../features/sharing/components/invitation-accept-page'

/** The mailed invitation link: works signed in or out. */
export function InvitationAcceptRoute() {
  return <InvitationAcceptPage />
}
