import { describe, expect, it } from 'vitest'
import { deviceStatusText, deviceSyncText, lastTypeId } from './device-status'

describe('deviceStatusText', () => {
  it('words each management status as the specification does', () => {
    expect(deviceStatusText({ status: 'on', verification_token: null })).toBe("з'єднання встановлено")
    expect(deviceStatusText({ status: 'off', verification_token: null })).toBe(
      "синхронізація виключена,з'єднання встановлено",
    )
    expect(deviceStatusText({ status: 'connecting', verification_token: null })).toBe("з'єднання немає")
    expect(deviceStatusText({ status: 'archive', verification_token: null })).toBe('Заблоковано')
  })

  it('shows the verification code of a pending device', () => {
    expect(deviceStatusText({ status: 'pending', verification_token: 'A7K2' })).toBe(
      'очікуємо підтвердження (код: A7K2)',
    )
  })

  it('shows an ellipsis when the code is not visible to the viewer', () => {
    expect(deviceStatusText({ status: 'pending', verification_token: null })).toBe(
      'очікуємо підтвердження (код: …)',
    )
  })
})

describe('deviceSyncText', () => {
  it('says whether the settings reached the controller', () => {
    expect(deviceSyncText({ status: 'on', sync_status: 'synced', sync_reason: null })).toBe('Застосовано')
    expect(deviceSyncText({ status: 'connecting', sync_status: 'pending', sync_reason: null })).toBe(
      'Очікує пристрій',
    )
    expect(deviceSyncText({ status: 'off', sync_status: 'refused', sync_reason: 'out of range' })).toBe(
      'Відхилено: out of range',
    )
  })

  it('claims nothing applied for a device whose controller was never paired', () => {
    expect(deviceSyncText({ status: 'pending', sync_status: 'synced', sync_reason: null })).toBe(
      'Очікує підключення контролера',
    )
  })
})

describe('lastTypeId', () => {
  it('picks the highest id, not the last in name order', () => {
    expect(
      lastTypeId([
        { id: '3', name: 'Бак' },
        { id: '12', name: 'Котел' },
        { id: '9', name: 'Пальник' },
      ]),
    ).toBe('12')
  })

  it('gives an empty id when there are no types', () => {
    expect(lastTypeId([])).toBe('')
  })
})
