import Box from '@mui/material/Box'
import { clamp, LIMITS } from '@teplo/domain'

const { min, max, segments } = LIMITS.flame

/** How many of the 18 segments a brightness of 0–100 % lights; out-of-range values stop at the ends. */
export function litSegments(value: number | null): number {
  if (value === null) return 0
  return Math.round((clamp(value, min, max) / max) * segments)
}

// Pale yellow to deep orange: a brighter flame lights the hotter colours.
function segmentColor(index: number) {
  const hue = 50 - (index / (segments - 1)) * 38
  return `hsl(${hue} 95% 50%)`
}

interface FlameBarProps {
  /** Accessible name, e.g. "Яскравість полум'я". */
  label: string
  /** Brightness in percent; null until the device has reported it. */
  value: number | null
  /** Read by screen readers when there is no value. */
  emptyText: string
}

/** Flame brightness as a bar of 18 segments (spec §2, §9). */
export function FlameBar({ label, value, emptyText }: FlameBarProps) {
  const lit = litSegments(value)
  const percent = value === null ? null : Math.round(clamp(value, min, max))
  return (
    <Box
      role="meter"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={percent ?? min}
      aria-valuetext={percent === null ? emptyText : `${percent} %`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <Box aria-hidden sx={{ display: 'flex', gap: '3px', flexGrow: 1 }}>
        {Array.from({ length: segments }, (_, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are a fixed row that never reorders
            key={index}
            data-lit={index < lit}
            sx={{
              flex: 1,
              height: 14,
              borderRadius: '3px',
              bgcolor: index < lit ? segmentColor(index) : 'tint.track',
              transition: `background-color ${LIMITS.gaugeAnimationMs}ms`,
            }}
          />
        ))}
      </Box>
      <Box component="span" aria-hidden sx={{ minWidth: 44, textAlign: 'right', fontWeight: 600 }}>
        {percent === null ? '-' : `${percent} %`}
      </Box>
    </Box>
  )
}
