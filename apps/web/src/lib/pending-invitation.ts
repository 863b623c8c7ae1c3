// A mailed invitation opened signed out: after signing in or up, the person comes back to accept it with its token
// (an address-matched invitation is listed only for a proven address, ADR 034; the link's token proves it).
const KEY = 'teplo.pending-invitation'

export function rememberInvitation(token: string): void {
  try {
    sessionStorage.setItem(KEY, token)
  } catch {
    // Storage refused (private mode): the person opens the link again.
  }
}

/** Where to go after signing in or up: back to the invitation once, or `fallback`. */
export function afterSignIn(fallback: string): string {
  let token: string | null = null
  try {
    token = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
  } catch {
    token = null
  }
  return token ? `/invitations/accept?token=${encodeURIComponent(token)}` : fallback
}
