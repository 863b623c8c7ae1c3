import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FlameBar, litSegments } from './flame-bar'

const lit = () => document.querySelectorAll('[data-lit="true"]').length
const segments = () => document.querySelectorAll('[data-lit]').length

describe('FlameBar', () => {
  it('lights the share of its 18 segments that the brightness reaches', () => {
    render(<FlameBar label="Яскравість полум'я" value={50} emptyText="немає даних" />)

    const meter = screen.getByRole('meter', { name: "Яскравість полум'я" })
    expect(segments()).toBe(18)
    expect(lit()).toBe(9)
    expect(meter.getAttribute('aria-valuenow')).toBe('50')
    expect(meter.getAttribute('aria-valuetext')).toBe('50 %')
    expect(meter.textContent).toContain('50 %')
  })

  it('clamps brightness into 0–100 %', () => {
    const { rerender } = render(<FlameBar label="f" value={140} emptyText="-" />)
    expect(lit()).toBe(18)
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('100')

    rerender(<FlameBar label="f" value={-5} emptyText="-" />)
    expect(lit()).toBe(0)
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('0')
  })

  it("shows '-' with no segment lit before the device reports", () => {
    render(<FlameBar label="f" value={null} emptyText="немає даних" />)
    expect(lit()).toBe(0)
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('немає даних')
    expect(screen.getByRole('meter').textContent).toContain('-')
  })

  it('rounds to whole segments', () => {
    expect(litSegments(100)).toBe(18)
    expect(litSegments(1)).toBe(0)
    expect(litSegments(3)).toBe(1)
    expect(litSegments(97)).toBe(17)
  })
})
