import { effectiveRole, type RoleName } from '@teplo/domain'

/** 'login': go to /login; 'home': go to /dashboards; 'wait': profile still loading; 'allow': show the page. */
export type AccessDecision = 'login' | 'home' | 'wait' | 'allow'

export interface AccessInput {
  token: string | null
  profile: { roles: readonly { name: string }[] } | 'loading' | 'failed'
  /** Any of these roles opens the page; none given means any signed-in user. */
  requiredRoles?: readonly RoleName[]
}

/** Guard chain of spec §2: signed in, then profile loaded, then role (only the first role counts). */
export function decideAccess({ token, profile, requiredRoles }: AccessInput): AccessDecision {
  if (!token) return 'login'
  if (profile === 'failed') return 'login'
  if (profile === 'loading') return 'wait'
  if (!requiredRoles || requiredRoles.length === 0) return 'allow'
  return requiredRoles.includes(effectiveRole(profile.roles)) ? 'allow' : 'home'
}

/** Sign-in screens are for signed-out visitors; a signed-in user goes home. */
export function decideGuestAccess(token: string | null): 'home' | 'allow' {
  return token ? 'home' : 'allow'
}
