import { describe, expect, it } from 'vitest'
import { canToggle, isItemStatus, itemManagementLabel, itemStatusLabel } from './item-status'

describe('itemStatusLabel', () => {
  it('labels the dashboard statuses', () => {
    expect(itemStatusLabel('on')).toBe('Увімкнено')
    expect(itemStatusLabel('off')).toBe('Вимкнено')
    expect(itemStatusLabel('archive')).toBe('Заблоковано')
  })

  it('calls anything else an unknown status', () => {
    expect(itemStatusLabel('pending')).toBe('Невідомий статус')
    expect(itemStatusLabel('connecting')).toBe('Невідомий статус')
    expect(itemStatusLabel('broken')).toBe('Невідомий статус')
    expect(itemStatusLabel(null)).toBe('Невідомий статус')
  })
})

describe('itemManagementLabel', () => {
  it('labels the edit-screen statuses', () => {
    expect(itemManagementLabel('on')).toBe("з'єднання встановлено")
    expect(itemManagementLabel('off')).toBe("синхронізація виключена,з'єднання встановлено")
    expect(itemManagementLabel('connecting')).toBe("з'єднання немає")
  })

  it('shows the verification code of a pending device', () => {
    expect(itemManagementLabel('pending', '4821')).toBe('очікуємо підтвердження (код: 4821)')
    expect(itemManagementLabel('pending')).toBe('очікуємо підтвердження (код: …)')
  })

  it('falls back to the dashboard labels', () => {
    expect(itemManagementLabel('archive')).toBe('Заблоковано')
    expect(itemManagementLabel('nonsense')).toBe('Невідомий статус')
  })
})

describe('canToggle', () => {
  it('allows switching on, off and offline devices, never archived or pending ones', () => {
    expect(canToggle('on')).toBe(true)
    expect(canToggle('off')).toBe(true)
    expect(canToggle('archive')).toBe(false)
    expect(canToggle('pending')).toBe(false)
    expect(canToggle('connecting')).toBe(true)
    expect(canToggle(undefined)).toBe(false)
  })

  it('recognises the five statuses', () => {
    for (const status of ['on', 'off', 'archive', 'pending', 'connecting'])
      expect(isItemStatus(status)).toBe(true)
    expect(isItemStatus('deleted')).toBe(false)
  })
})
