import { describe, expect, it } from 'vitest'
import { isSyncStatus, syncStatusLabel } from './sync-status'

describe('syncStatusLabel', () => {
  it('says whether the controller applied the settings', () => {
    expect(syncStatusLabel('synced')).toBe('Застосовано')
    expect(syncStatusLabel('pending')).toBe('Очікує пристрій')
  })

  it('gives the reason of a refusal', () => {
    expect(syncStatusLabel('refused', 'температура поза межами')).toBe('Відхилено: температура поза межами')
    expect(syncStatusLabel('refused', null)).toBe('Відхилено: …')
  })

  it('recognises the three states', () => {
    expect(['synced', 'pending', 'refused'].every(isSyncStatus)).toBe(true)
    expect(isSyncStatus('applied')).toBe(false)
  })
})
