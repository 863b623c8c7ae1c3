import { describe, expect, it } from 'vitest'
import { accessAllows, accessLabel, ITEM_ACCESS, isShareLevel, SHARE_LEVELS } from './access-levels'

describe('access levels', () => {
  it('labels every level in Ukrainian, and nothing for an unknown one', () => {
    expect(accessLabel('owner')).toBe('Власник')
    expect(accessLabel('viewer')).toBe('Перегляд')
    expect(accessLabel('boss')).toBe('')
    for (const label of ITEM_ACCESS.map((access) => accessLabel(access))) expect(label).toMatch(/^[А-ЯІЇЄҐ]/)
  })

  it('lets a share grant every level but ownership', () => {
    expect(SHARE_LEVELS).not.toContain('owner')
    expect(isShareLevel('installer')).toBe(true)
    expect(isShareLevel('owner')).toBe(false)
  })
})

describe('accessAllows', () => {
  it('gives each level its abilities, creator-only ones to creators, everything to administrators', () => {
    expect(accessAllows('user', 'viewer', 'see')).toBe(true)
    expect(accessAllows('user', 'viewer', 'operate')).toBe(false)
    expect(accessAllows('user', 'operator', 'operate')).toBe(true)
    expect(accessAllows('user', 'operator', 'service')).toBe(false)
    expect(accessAllows('user', 'owner', 'share')).toBe(true)
    // A household owner does not register, archive or tune the burner; an installer-creator does.
    expect(accessAllows('user', 'owner', 'administer')).toBe(false)
    expect(accessAllows('creator', 'installer', 'commission')).toBe(true)
    expect(accessAllows('creator', 'installer', 'share')).toBe(false)
    expect(accessAllows('admin', 'viewer', 'administer')).toBe(true)
    expect(accessAllows('user', 'admin', 'share')).toBe(true)
    expect(accessAllows('admin', null, 'see')).toBe(false)
  })
})
