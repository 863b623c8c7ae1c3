import { type ActivePeriod, SCHEDULE_TIME_ZONE } from '@teplo/domain'
import { parseWireDate } from '../../../lib/dates'
import { intlLocale } from '../../../lib/i18n'

function kyivParts(date: Date) {
  const formatter = new Intl.DateTimeFormat(intlLocale(), {
    timeZone: SCHEDULE_TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]))
  return { weekday: parts.weekday ?? '', day: parts.day ?? '', time: `${parts.hour}:${parts.minute}` }
}

/**
 * When the period ends, on the boiler's (Kyiv) clock: '18:00' today, 'пн 06:00' on another day. Null when the
 * period has no end; undefined when it has ended already (the controller has not reported since).
 */
export function periodEnd(period: ActivePeriod, now: Date): string | null | undefined {
  if (period.until === null) return null
  const until = parseWireDate(period.until)
  if (!until || until.getTime() <= now.getTime()) return undefined
  const end = kyivParts(until)
  const today = kyivParts(now)
  const sameDay = end.day === today.day && until.getTime() - now.getTime() < 86_400_000
  return sameDay ? end.time : `${end.weekday} ${end.time}`
}
