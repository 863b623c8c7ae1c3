import { describe, expect, it } from 'vitest'
import { pumpModeLabel } from './pump-modes'

describe('pumpModeLabel', () => {
  it('labels the four pump modes', () => {
    expect([1, 2, 3, 4].map((mode) => pumpModeLabel(mode))).toEqual(['Б+К', 'Б', 'К', 'К+Б'])
    expect([1, 2, 3, 4].map((mode) => pumpModeLabel(mode, 'en'))).toEqual([
      'Tank + heating',
      'Tank',
      'Heating',
      'Heating + tank',
    ])
  })

  it('says nothing is chosen otherwise', () => {
    expect(pumpModeLabel(0)).toBe('Не обрано')
    expect(pumpModeLabel(5)).toBe('Не обрано')
    expect(pumpModeLabel(null)).toBe('Не обрано')
  })
})
