import { describe, expect, it } from 'vitest'
import { gapLabelPosition, legendLayout } from './chart-layout'

const NAMES = [
  'Температура котла',
  'Задана температура котла',
  'Температура бойлера',
  'Задана температура бойлера',
  'Температура газів',
  'Потужність пальника',
  "Яскравість полум'я",
]

describe('the history chart at its width', () => {
  it('wraps the legend onto more rows on a phone, and starts the plot below it', () => {
    const wide = legendLayout(NAMES, 1200)
    const phone = legendLayout(NAMES, 328)
    expect(wide.rows).toBeLessThanOrEqual(2)
    expect(phone.rows).toBeGreaterThan(wide.rows)
    expect(phone.fontSize).toBeLessThan(wide.fontSize)
    expect(phone.gridTop).toBeGreaterThan(wide.gridTop)
    // Each row holds at least one name: never more rows than names.
    expect(legendLayout(NAMES, 10).rows).toBe(NAMES.length)
  })

  it('keeps a gap label inside the plot: centred in the middle, leaning inwards at either end', () => {
    const range = { from: 0, to: 1000 }
    expect(gapLabelPosition({ from: 400, to: 600 }, range, 300, 80)).toBe('insideTop')
    expect(gapLabelPosition({ from: 0, to: 20 }, range, 300, 80)).toBe('insideTopLeft')
    expect(gapLabelPosition({ from: 960, to: 1000 }, range, 300, 80)).toBe('insideTopRight')
  })
})
