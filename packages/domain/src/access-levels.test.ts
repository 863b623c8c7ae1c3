import { describe, expect, it } from 'vitest'
import { ACCESS_LEVEL_LABELS, accessLabel, isShareLevel, SHARE_LEVELS } from './access-levels'

describe('access levels', () => {
  it('labels every level in Ukrainian, and nothing for an unknown one', () => {
    expect(accessLabel('owner')).toBe('Власник')
    expect(accessLabel('viewer')).toBe('Перегляд')
    expect(accessLabel('boss')).toBe('')
    for (const label of Object.values(ACCESS_LEVEL_LABELS)) expect(label).toMatch(/^[А-ЯІЇЄҐ]/)
  })

  it('lets a share grant every level but ownership', () => {
    expect(SHARE_LEVELS).not.toContain('owner')
    expect(isShareLevel('installer')).toBe(true)
    expect(isShareLevel('owner')).toBe(false)
  })
})
