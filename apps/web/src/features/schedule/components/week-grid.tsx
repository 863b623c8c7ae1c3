import Box from '@mui/material/Box'
import { SLOTS_PER_DAY, type SlotMode } from '@teplo/domain'
import { type PointerEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { DAY_KEYS, modeOf, paintSlot, slotTime } from '../utils/slots'

type Cell = { day: number; slot: number }
const SLOTS = Array.from({ length: SLOTS_PER_DAY }, (_, slot) => slot)

// The cell under the pointer: a touch keeps delivering moves to the cell it started on, so ask the document.
function cellAt(event: PointerEvent): Cell | null {
  const hit =
    typeof document.elementFromPoint === 'function'
      ? document.elementFromPoint(event.clientX, event.clientY)
      : null
  const element =
    hit?.closest<HTMLElement>('[data-slot]') ??
    (event.target as Element | null)?.closest?.<HTMLElement>('[data-slot]')
  if (!element) return null
  return { day: Number(element.dataset.day), slot: Number(element.dataset.slot) }
}

/**
 * The week as 7 day columns of 48 half hours, sized for a 360 px phone. A tap flips a half hour; a drag paints
 * every half hour it passes with the mode the first one flipped to. Cells take no touch scrolling (the time
 * scale on the left does).
 */
export function WeekGrid({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const { t } = useTranslation()
  const stroke = useRef<{ mode: SlotMode; pointerId: number } | null>(null)
  const latest = useRef(days)
  latest.current = days

  const paint = (cell: Cell, mode: SlotMode) => {
    const next = paintSlot(latest.current, cell.day, cell.slot, mode)
    if (next === latest.current) return
    latest.current = next
    onChange(next)
  }
  const start = (event: PointerEvent) => {
    const cell = cellAt(event)
    if (!cell) return
    event.preventDefault()
    const target = event.target as Element
    if (target.hasPointerCapture?.(event.pointerId)) target.releasePointerCapture(event.pointerId)
    const mode = modeOf(latest.current, cell.day, cell.slot) === 'reduced' ? 'comfort' : 'reduced'
    stroke.current = { mode, pointerId: event.pointerId }
    paint(cell, mode)
  }
  const move = (event: PointerEvent) => {
    if (!stroke.current || stroke.current.pointerId !== event.pointerId) return
    const cell = cellAt(event)
    if (cell) paint(cell, stroke.current.mode)
  }
  const end = () => {
    stroke.current = null
  }

  return (
    <Box
      role="grid"
      aria-label={t('schedule.grid')}
      aria-readonly={false}
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
      sx={{
        display: 'grid',
        gridTemplateColumns: '2.75rem repeat(7, minmax(0, 1fr))',
        userSelect: 'none',
        WebkitUserSelect: 'none',
        maxWidth: 520,
        '& [role="columnheader"]': { textAlign: 'center', typography: 'body2', fontWeight: 600, pb: 0.5 },
        '& [role="rowheader"]': {
          typography: 'caption',
          lineHeight: 1,
          pr: 0.5,
          touchAction: 'pan-y',
          color: 'text.secondary',
        },
        '& [data-slot]': {
          height: 16,
          bgcolor: 'action.hover',
          borderLeft: 1,
          borderColor: 'background.paper',
          touchAction: 'none',
          cursor: 'pointer',
        },
        '& [data-hour]': { borderTop: 1, borderTopColor: 'divider' },
        '& [aria-selected="true"]': { bgcolor: 'primary.main' },
      }}
    >
      <div role="row" style={{ display: 'contents' }}>
        <div role="columnheader" />
        {DAY_KEYS.map((key) => (
          <div key={key} role="columnheader">
            {t(`schedule.days.${key}`)}
          </div>
        ))}
      </div>
      {SLOTS.map((slot) => (
        <div key={slot} role="row" style={{ display: 'contents' }}>
          <div role="rowheader">{slot % 2 === 0 ? slotTime(slot) : ''}</div>
          {DAY_KEYS.map((key, day) => {
            const mode = modeOf(days, day, slot)
            return (
              <div
                key={key}
                role="gridcell"
                data-day={day}
                data-slot={slot}
                data-hour={slot % 2 === 0 ? '' : undefined}
                aria-selected={mode === 'reduced'}
                aria-label={t('schedule.cell', {
                  day: t(`schedule.days.${key}`),
                  from: slotTime(slot),
                  to: slotTime(slot + 1),
                  mode: t(`schedule.mode.${mode}`),
                })}
              />
            )
          })}
        </div>
      ))}
    </Box>
  )
}
