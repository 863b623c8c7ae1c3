import { describe, expect, it } from 'vitest'
import { canManageCatalogue, canManageUsers, DEFAULT_ROLE, effectiveRole, isRoleName } from './roles'

describe('effectiveRole', () => {
  it('uses only the first role', () => {
    expect(effectiveRole([{ name: 'creator' }, { name: 'admin' }])).toBe('creator')
  })

  it('falls back to user when there is no role', () => {
    expect(DEFAULT_ROLE).toBe('user')
    expect(effectiveRole([])).toBe('user')
    expect(effectiveRole(null)).toBe('user')
    expect(effectiveRole(undefined)).toBe('user')
  })

  it('treats an unknown first role as user', () => {
    expect(effectiveRole([{ name: 'superuser' }, { name: 'admin' }])).toBe('user')
  })
})

describe('permissions', () => {
  it('lets only admins manage users and roles', () => {
    expect(canManageUsers('admin')).toBe(true)
    expect(canManageUsers('creator')).toBe(false)
    expect(canManageUsers('user')).toBe(false)
  })

  it('lets admins and creators manage categories and devices', () => {
    expect(canManageCatalogue('admin')).toBe(true)
    expect(canManageCatalogue('creator')).toBe(true)
    expect(canManageCatalogue('user')).toBe(false)
  })

  it('recognises role names', () => {
    expect(isRoleName('creator')).toBe(true)
    expect(isRoleName('Admin')).toBe(false)
    expect(isRoleName(1)).toBe(false)
  })
})
