import { describe, expect, it } from 'vitest'
import { itemManagementLabel, itemStatusLabel } from './item-status'
import { pumpModeLabel } from './pump-modes'
import { roleLabel } from './roles'
import { syncStatusLabel } from './sync-status'
import { WORK_MODE_LABELS, WORK_MODE_LABELS_EN, workModeLabel } from './work-modes'

describe('the English labels beside the Ukrainian ones', () => {
  it('name every work mode, and Ukrainian stays the default', () => {
    expect(Object.keys(WORK_MODE_LABELS_EN)).toEqual(Object.keys(WORK_MODE_LABELS))
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
