import { effectiveRole, type RoleName } from '@teplo/domain'

/**
 * 'login': go to /login; 'home': go to /dashboards; 'wait': profile still loading; 'allow': show the page;
 * 'two-factor': the administrators require a second factor this account has not set up — account settings.
 */
export type AccessDecision = 'login' | 'home' | 'wait' | 'allow' | 'two-factor'

/** Where an account is led to set up a required second factor (ADR 041). */
export const TWO_FACTOR_SETUP_PATH = '/account/settings'

export interface AccessInput {
  token: string | null
  profile:
    | { roles: readonly { name: string }[]; two_factor?: { required: boolean; enabled: boolean } }
    | 'loading'
    | 'failed'
  /** The page asked for: account settings stay open to an account that must set up a second factor. */
  path?: string
  /** Any of these roles opens the page; none given means any signed-in user. */
  requiredRoles?: readonly RoleName[]
}

/** Guard chain of spec §2: signed in, then profile loaded, then role (only the first role counts). */
export function decideAccess({ token, profile, requiredRoles, path }: AccessInput): AccessDecision {
  if (!token) return 'login'
  if (profile === 'failed') return 'login'
  if (profile === 'loading') return 'wait'
  // Every other call would be refused by the server until then.
  if (profile.two_factor?.required && !profile.two_factor.enabled && path !== TWO_FACTOR_SETUP_PATH)
    return 'two-factor'
  if (!requiredRoles || requiredRoles.length === 0) return 'allow'
  return requiredRoles.includes(effectiveRole(profile.roles)) ? 'allow' : 'home'
}

/** Sign-in screens are for signed-out visitors; a signed-in user goes home. */
export function decideGuestAccess(token: string | null): 'home' | 'allow' {
  return token ? 'home' : 'allow'
}
