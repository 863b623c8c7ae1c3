import Box from '@mui/material/Box'
import { SCHEDULE_DAYS, SLOTS_PER_DAY, type SlotMode } from '@teplo/domain'
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden'
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

const MOVES: Record<string, Cell> = {
  ArrowUp: { day: 0, slot: -1 },
  ArrowDown: { day: 0, slot: 1 },
  ArrowLeft: { day: -1, slot: 0 },
  ArrowRight: { day: 1, slot: 0 },
}
const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max - 1)

/**
 * The week as 7 day columns of 48 half hours, sized for a 360 px phone. A tap flips a half hour; a drag paints
 * every half hour it passes with the mode the first one flipped to. Cells take no touch scrolling (the time
 * scale on the left does). From the keyboard: arrows move, Space or Enter flips.
 */
export function WeekGrid({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const { t } = useTranslation()
  const stroke = useRef<{ mode: SlotMode; pointerId: number } | null>(null)
  const table = useRef<HTMLTableElement>(null)
  const [focus, setFocus] = useState<Cell>({ day: 0, slot: 0 })
  const latest = useRef(days)
  latest.current = days

  const paint = (cell: Cell, mode: SlotMode) => {
    const next = paintSlot(latest.current, cell.day, cell.slot, mode)
    if (next === latest.current) return
    latest.current = next
    onChange(next)
  }
  const flipped = (cell: Cell): SlotMode =>
    modeOf(latest.current, cell.day, cell.slot) === 'reduced' ? 'comfort' : 'reduced'

  const start = (event: PointerEvent) => {
    const cell = cellAt(event)
    if (!cell) return
    event.preventDefault()
    const target = event.target as Element
    if (target.hasPointerCapture?.(event.pointerId)) target.releasePointerCapture(event.pointerId)
    const mode = flipped(cell)
    stroke.current = { mode, pointerId: event.pointerId }
    setFocus(cell)
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
  const key = (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault()
      paint(focus, flipped(focus))
      return
    }
    const step = MOVES[event.key]
    if (!step) return
    event.preventDefault()
    const next = {
      day: clamp(focus.day + step.day, SCHEDULE_DAYS),
      slot: clamp(focus.slot + step.slot, SLOTS_PER_DAY),
    }
    setFocus(next)
    table.current?.querySelector<HTMLElement>(`[data-day="${next.day}"][data-slot="${next.slot}"]`)?.focus()
  }

  return (
    <Box
      component="table"
      ref={table}
      role="grid"
      aria-label={t('schedule.grid')}
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
      onKeyDown={key}
      sx={{
        width: '100%',
        maxWidth: 520,
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        userSelect: 'none',
        WebkitUserSelect: 'none',
        // The day names stay in sight while the half hours scroll under them.
        '& thead > tr > *': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' },
        '& thead th': { typography: 'body2', fontWeight: 600, py: 0.5, px: 0 },
        '& tbody th': {
          typography: 'caption',
          lineHeight: 1,
          fontWeight: 400,
          textAlign: 'left',
          verticalAlign: 'top',
          p: 0,
          touchAction: 'pan-y',
          color: 'text.secondary',
        },
        '& td': {
          height: 16,
          p: 0,
          bgcolor: 'action.hover',
          borderLeft: 2,
          borderLeftColor: 'background.paper',
          touchAction: 'none',
          cursor: 'pointer',
        },
        '& tr[data-hour] > *': { borderTop: 1, borderTopColor: 'divider' },
        '& td[aria-selected="true"]': { bgcolor: 'info.main' },
        '& td:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: -2 },
      }}
    >
      <colgroup>
        <col style={{ width: '2.75rem' }} />
        {DAY_KEYS.map((day) => (
          <col key={day} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <td aria-hidden />
          {DAY_KEYS.map((day) => (
            <th key={day} scope="col">
              {t(`schedule.days.${day}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SLOTS.map((slot) => (
          <tr key={slot} data-hour={slot % 2 === 0 ? '' : undefined}>
            <th scope="row">
              {slot % 2 === 0 ? (
                slotTime(slot)
              ) : (
                // Half hours are not printed (the grid would be crowded) but every row header is read out.
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {slotTime(slot)}
                </Box>
              )}
            </th>
            {DAY_KEYS.map((dayKey, day) => {
              const mode = modeOf(days, day, slot)
              return (
                <td
                  key={dayKey}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of a role="grid" table is a gridcell (ARIA in HTML); said outright for tools that do not derive it
                  role="gridcell"
                  tabIndex={focus.day === day && focus.slot === slot ? 0 : -1}
                  data-day={day}
                  data-slot={slot}
                  aria-selected={mode === 'reduced'}
                  aria-label={t('schedule.cell', {
                    day: t(`schedule.days.${dayKey}`),
                    from: slotTime(slot),
                    to: slotTime(slot + 1),
                    mode: t(`schedule.mode.${mode}`),
                  })}
                />
              )
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  )
}
