import { EmailLinkPage } from '../../features/account/components/email-link-page'

/** The link mailed to the old address after an address change request (ADR 034): works signed in or out. */
export function EmailUndoRoute() {
  return <EmailLinkPage kind="undo" />
}
