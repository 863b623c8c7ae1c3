import { describe, expect, it } from 'vitest'
import { menuEntriesFor } from './menu-entries'

const paths = (role: Parameters<typeof menuEntriesFor>[0]) => menuEntriesFor(role).map((entry) => entry.to)

describe('the side menu of each role (spec §6)', () => {
  it('gives an administrator every section, roles and device types included', () => {
    expect(paths('admin')).toEqual([
      '/dashboards',
      '/items/errors',
      '/items',
      '/fleet',
      '/categories/list',
      '/service',
      '/update',
      '/users',
      '/roles/list',
      '/pages/faq',
    ])
  })

  it('gives a creator devices and device types, but not users or roles', () => {
    expect(paths('creator')).toEqual([
      '/dashboards',
      '/items/errors',
      '/items',
      '/fleet',
      '/categories/list',
      '/service',
      '/update',
      '/pages/faq',
    ])
  })

  it('gives an owner only what an owner may open', () => {
    expect(paths('user')).toEqual(['/dashboards', '/items/errors', '/service', '/update', '/pages/faq'])
  })

  it('gives a visitor who is not signed in the help page', () => {
    expect(paths(null)).toEqual(['/pages/faq'])
  })
})
