import { describe, expect, it } from 'vitest'
import * as domain from './index'

describe('package entry', () => {
  it('re-exports labels, limits and schemas', () => {
    expect(domain.workModeLabel(8)).toBe('Розпал')
    expect(domain.LIMITS.flame.segments).toBe(18)
    expect(domain.itemSettingsSchema.safeParse({ pump_mode: 1 }).success).toBe(true)
    expect(domain.DEMO_ADMIN.email).toBe('admin@teplo.demo')
  })
})
