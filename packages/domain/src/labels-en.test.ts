import { describe, expect, it } from 'vitest'
import { itemManagementLabel, itemStatusLabel } from './item-status'
import { pumpModeLabel } from './pump-modes'
import { roleLabel } from './roles'
import { syncStatusLabel } from './sync-status'
import { WORK_MODE_MAX, WORK_MODE_MIN, workModeLabel } from './work-modes'

describe('the English labels beside the Ukrainian ones', () => {
  it('name every work mode, and Ukrainian stays the default', () => {
    for (let mode = WORK_MODE_MIN; mode <= WORK_MODE_MAX; mode++) {
      expect(workModeLabel(mode, 'en'), String(mode)).not.toBe('Unknown mode')
      expect(workModeLabel(mode, 'en'), String(mode)).not.toMatch(/[\u0400-\u04FF]/)
    }
    expect(workModeLabel(8)).toBe('Розпал')
    expect(workModeLabel(8, 'en')).toBe('Ignition')
    expect(workModeLabel(99, 'en')).toBe('Unknown mode')
  })

  it('name statuses, sync states, pump modes and roles', () => {
    expect(itemStatusLabel('on', 'en')).toBe('On')
    expect(itemManagementLabel('pending', 'ABCD', 'en')).toBe('waiting for confirmation (code: ABCD)')
    expect(itemManagementLabel('connecting')).toBe("з'єднання немає")
    expect(syncStatusLabel('refused', 'out of range', 'en')).toBe('Refused: out of range')
    expect(pumpModeLabel(null, 'en')).toBe('Not chosen')
    expect(roleLabel('creator', 'en')).toBe('Installer')
    expect(roleLabel('custom role', 'en')).toBe('custom role')
  })
})
