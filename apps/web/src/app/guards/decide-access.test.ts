import { describe, expect, it } from 'vitest'
import { decideAccess, decideGuestAccess } from './decide-access'

const profileWith = (...names: string[]) => ({ roles: names.map((name) => ({ name })) })

describe('decideAccess', () => {
  it('sends a visitor without a token to login', () => {
    expect(decideAccess({ token: null, profile: 'loading' })).toBe('login')
    expect(decideAccess({ token: null, profile: profileWith('admin'), requiredRoles: ['admin'] })).toBe(
      'login',
    )
  })

  it('waits while the profile loads and sends to login when it fails', () => {
    expect(decideAccess({ token: 't', profile: 'loading', requiredRoles: ['admin'] })).toBe('wait')
    expect(decideAccess({ token: 't', profile: 'failed' })).toBe('login')
  })

  it('lets any signed-in user into pages without a role requirement', () => {
    expect(decideAccess({ token: 't', profile: profileWith() })).toBe('allow')
    expect(decideAccess({ token: 't', profile: profileWith('user'), requiredRoles: [] })).toBe('allow')
  })

  it('allows admin-only pages to admins and sends everyone else home', () => {
    expect(decideAccess({ token: 't', profile: profileWith('admin'), requiredRoles: ['admin'] })).toBe(
      'allow',
    )
    expect(decideAccess({ token: 't', profile: profileWith('creator'), requiredRoles: ['admin'] })).toBe(
      'home',
    )
    expect(decideAccess({ token: 't', profile: profileWith('user'), requiredRoles: ['admin'] })).toBe('home')
  })

  it('opens catalogue pages to admins and creators', () => {
    const catalogue = ['admin', 'creator'] as const
    expect(decideAccess({ token: 't', profile: profileWith('creator'), requiredRoles: catalogue })).toBe(
      'allow',
    )
    expect(decideAccess({ token: 't', profile: profileWith('admin'), requiredRoles: catalogue })).toBe(
      'allow',
    )
    expect(decideAccess({ token: 't', profile: profileWith('user'), requiredRoles: catalogue })).toBe('home')
  })

  it('leads an account the administrators require a second factor of to account settings, and only there', () => {
    const missing = { ...profileWith('creator'), two_factor: { required: true, enabled: false } }
    expect(decideAccess({ token: 't', profile: missing, path: '/fleet' })).toBe('two-factor')
    expect(decideAccess({ token: 't', profile: missing, path: '/account/settings' })).toBe('allow')
    const done = { ...profileWith('creator'), two_factor: { required: true, enabled: true } }
    expect(decideAccess({ token: 't', profile: done, path: '/fleet' })).toBe('allow')
    const household = { ...profileWith('user'), two_factor: { required: false, enabled: false } }
    expect(decideAccess({ token: 't', profile: household, path: '/dashboards' })).toBe('allow')
  })

  it('counts only the first role, and no role as user', () => {
    expect(
      decideAccess({ token: 't', profile: profileWith('user', 'admin'), requiredRoles: ['admin'] }),
    ).toBe('home')
    expect(
      decideAccess({ token: 't', profile: profileWith('admin', 'user'), requiredRoles: ['admin'] }),
    ).toBe('allow')
    expect(decideAccess({ token: 't', profile: profileWith(), requiredRoles: ['admin', 'creator'] })).toBe(
      'home',
    )
  })
})

describe('decideGuestAccess', () => {
  it('sends a signed-in user away from the sign-in screens', () => {
    expect(decideGuestAccess('t')).toBe('home')
    expect(decideGuestAccess(null)).toBe('allow')
  })
})
