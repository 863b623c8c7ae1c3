import { EmailLinkPage } from '../../features/account/components/email-link-page'

/** The mailed link proving an address or applying a new one (ADR 034): works signed in or out. */
export function EmailVerifyRoute() {
  return <EmailLinkPage kind="verify" />
}
