import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Gauge, gaugeFraction } from './gauge'

const arc = (meter: HTMLElement) => meter.querySelector('[data-part="value-arc"]') as SVGCircleElement

describe('Gauge', () => {
  it('is a meter with the reading, its range and its unit', async () => {
    render(<Gauge label="Температура котла" value={45} max={100} unit="°C" emptyText="немає даних" />)

    const meter = screen.getByRole('meter', { name: 'Температура котла' })
    expect(meter.getAttribute('aria-valuenow')).toBe('45')
    expect(meter.getAttribute('aria-valuemin')).toBe('0')
    expect(meter.getAttribute('aria-valuemax')).toBe('100')
    expect(meter.getAttribute('aria-valuetext')).toBe('45 °C')
    expect(meter.textContent).toContain('45')
    expect(meter.textContent).toContain('°C')
  })

  it("shows '-' and says there is no data when the device has not reported", () => {
    render(<Gauge label="Димові гази" value={null} max={500} unit="°C" emptyText="немає даних" />)

    const meter = screen.getByRole('meter', { name: 'Димові гази' })
    expect(meter.textContent).toContain('-')
    expect(meter.getAttribute('aria-valuetext')).toBe('немає даних')
    expect(meter.getAttribute('aria-valuenow')).toBe('0')
  })

  it('fills three quarters of a circle at most and stops at the ends of its range', async () => {
    const { rerender } = render(<Gauge label="g" value={50} max={100} unit="°C" emptyText="-" />)
    const meter = screen.getByRole('meter')
    const full = Number(arc(meter).getAttribute('stroke-dasharray')?.split(' ')[0])
    const circumference = Number(arc(meter).getAttribute('stroke-dasharray')?.split(' ')[1])
    expect(full / circumference).toBeCloseTo(0.75)
    await waitFor(() => expect(Number(arc(meter).getAttribute('stroke-dashoffset'))).toBeCloseTo(full / 2))

    rerender(<Gauge label="g" value={130} max={100} unit="°C" emptyText="-" />)
    expect(meter.getAttribute('aria-valuenow')).toBe('100')
    expect(meter.getAttribute('aria-valuetext')).toBe('130 °C')
    await waitFor(() => expect(Number(arc(meter).getAttribute('stroke-dashoffset'))).toBeCloseTo(0))
  })

  it('animates the arc over 500 ms', () => {
    render(<Gauge label="g" value={10} max={100} unit="°C" emptyText="-" />)
    expect(getComputedStyle(arc(screen.getByRole('meter'))).transition).toContain('500ms')
  })

  it('maps values to a fraction of the range, clamped', () => {
    expect(gaugeFraction(80, 80, 500)).toBe(0)
    expect(gaugeFraction(290, 80, 500)).toBeCloseTo(0.5)
    expect(gaugeFraction(-20, 0, 100)).toBe(0)
    expect(gaugeFraction(null, 0, 100)).toBe(0)
  })
})
