import { describe, expect, it } from 'vitest'
import { workModeLabel } from './work-modes'

describe('workModeLabel', () => {
  it('has a label for every mode from 0 to 17', () => {
    const labels = Array.from({ length: 18 }, (_, mode) => workModeLabel(mode))
    for (const label of labels) expect(label).not.toBe('Невідомий режим')
    expect(new Set(labels).size).toBe(18)
  })

  it('names the modes in Ukrainian', () => {
    expect(workModeLabel(4)).toBe('Згасання')
    expect(workModeLabel(6)).toBe('Робота з модуляцією')
    expect(workModeLabel(8)).toBe('Розпал')
    expect(workModeLabel(9)).toBe('Стабілізація')
  })

  it('falls back for modes the controller should never report', () => {
    expect(workModeLabel(18)).toBe('Невідомий режим')
    expect(workModeLabel(-1)).toBe('Невідомий режим')
    expect(workModeLabel(null)).toBe('Невідомий режим')
  })
})
