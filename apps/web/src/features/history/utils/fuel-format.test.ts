import { describe, expect, it } from 'vitest'
import { parseAmount } from '../../../lib/numbers'
import { formatAmount, wholeDays } from './fuel-format'

describe('fuel amounts', () => {
  it('reads decimal commas and points, and nothing else', () => {
    expect(parseAmount('12,5')).toBe(12.5)
    expect(parseAmount(' 200 ')).toBe(200)
    expect(parseAmount('')).toBeNull()
    expect(parseAmount('1e3')).toBeNaN()
    expect(parseAmount('-5')).toBeNaN()
  })

  it('writes amounts the Ukrainian way and rounds days down', () => {
    expect(formatAmount(1234.56)).toMatch(/^1\s234,6$/)
    expect(wholeDays(6.9)).toBe(6)
    expect(wholeDays(-1)).toBe(0)
  })
})
