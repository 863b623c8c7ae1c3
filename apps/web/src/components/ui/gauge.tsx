import Box from '@mui/material/Box'
import { clamp, LIMITS } from '@teplo/domain'
import { useEffect, useState } from 'react'
import { formatNumber } from '../../lib/numbers'

const SIZE = 120
const STROKE = 10
const RADIUS = (SIZE - STROKE) / 2
const CIRCUMFERENCE = 2 * Math.PI * RADIUS
// A 270-degree doughnut: the arc opens at the bottom, starting at 135° (bottom-left), clockwise.
const ARC = CIRCUMFERENCE * 0.75
const START_DEGREES = 135

export function formatGaugeNumber(value: number): string {
  return formatNumber(value)
}

export interface GaugeProps {
  /** Accessible name, e.g. the card title. */
  label: string
  /** The measured value; null until the device has reported one (shown as '-'). */
  value: number | null
  min?: number
  max: number
  unit: string
  /** Read by screen readers when there is no value. */
  emptyText: string
  /** The set value, marked on the arc. */
  target?: number | null
  /** The arc's colour: a CSS colour, a theme variable for both schemes (the brand's primary by default). */
  color?: string
}

/** Fraction 0–1 of the arc a value fills; values outside the range stop at its ends. */
export function gaugeFraction(value: number | null, min: number, max: number): number {
  if (value === null || max <= min) return 0
  return (clamp(value, min, max) - min) / (max - min)
}

function pointOnArc(fraction: number) {
  const radians = ((START_DEGREES + 270 * fraction) * Math.PI) / 180
  return { x: SIZE / 2 + RADIUS * Math.cos(radians), y: SIZE / 2 + RADIUS * Math.sin(radians) }
}

/** Round gauge of a reading; the arc grows to a new value over 500 ms (spec §9). */
export function Gauge({
  label,
  value,
  min = 0,
  max,
  unit,
  emptyText,
  target,
  color = 'var(--mui-palette-primary-main)',
}: GaugeProps) {
  const fraction = gaugeFraction(value, min, max)
  // Starts empty and grows, so the first reading animates too.
  const [shown, setShown] = useState(0)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(fraction))
    return () => cancelAnimationFrame(frame)
  }, [fraction])

  const valueText = value === null ? emptyText : `${formatGaugeNumber(value)} ${unit}`
  const marker = target == null ? null : pointOnArc(gaugeFraction(target, min, max))
  const circle = { cx: SIZE / 2, cy: SIZE / 2, r: RADIUS, fill: 'none', strokeWidth: STROKE }
  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value === null ? min : clamp(value, min, max)}
      aria-valuetext={valueText}
      // alignSelf, not auto margins: a Stack parent resets its children's margins.
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 180,
        alignSelf: 'center',
        mx: 'auto',
        aspectRatio: '1',
      }}
    >
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width="100%" height="100%" aria-hidden focusable="false">
        <g transform={`rotate(${START_DEGREES} ${SIZE / 2} ${SIZE / 2})`}>
          <circle
            {...circle}
            style={{ stroke: 'var(--mui-palette-tint-track)' }}
            strokeLinecap="round"
            strokeDasharray={`${ARC} ${CIRCUMFERENCE}`}
          />
          <Box
            component="circle"
            data-part="value-arc"
            {...circle}
            style={{ stroke: color }}
            strokeLinecap="round"
            strokeDasharray={`${ARC} ${CIRCUMFERENCE}`}
            strokeDashoffset={ARC * (1 - shown)}
            opacity={value === null ? 0 : 1}
            sx={{
              transition: `stroke-dashoffset ${LIMITS.gaugeAnimationMs}ms ease-out`,
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          />
        </g>
        {marker && (
          <circle
            cx={marker.x}
            cy={marker.y}
            r={STROKE / 2 - 1}
            style={{
              fill: 'var(--mui-palette-tint-markerFill)',
              stroke: 'var(--mui-palette-tint-markerStroke)',
            }}
            strokeWidth={2}
          />
        )}
      </svg>
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Box component="span" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.1 }}>
          {value === null ? '-' : formatGaugeNumber(value)}
        </Box>
        <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
          {unit}
        </Box>
      </Box>
    </Box>
  )
}
