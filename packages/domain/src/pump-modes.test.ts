import { describe, expect, it } from 'vitest'
import { pumpModeLabel } from './pump-modes'

describe('pumpModeLabel', () => {
  it('labels the four pump modes', () => {
    expect([1, 2, 3, 4].map(pumpModeLabel)).toEqual(['Б+К', 'Б', 'К', 'К+Б'])
  })

  it('says nothing is chosen otherwise', () => {
    expect(pumpModeLabel(0)).toBe('Не обрано')
    expect(pumpModeLabel(5)).toBe('Не обрано')
    expect(pumpModeLabel(null)).toBe('Не обрано')
  })
})
