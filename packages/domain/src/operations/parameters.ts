import { z } from 'zod'
import { msg } from '../i18n/message'
import { ID_PATTERN, LIMITS, MAX_ID } from '../limits'
import { hasControlCharacter } from '../schemas/fields'

// Path and query parameters of the operations (ADR 054): declared once with them, validated by the server,
// typed for the web's client.

// Ids and page numbers are PostgreSQL integers.
export const MAX_INT = MAX_ID

// A positive whole number in the path or the query, written as plain decimal digits (no sign, spaces, leading
// zeros, hex or exponent); each broken rule has its own message, and the server answers it as 400 with
// source.parameter.
export function positiveIntParam(
  name: string,
  max = MAX_INT,
  tooLarge = msg('validation.query.atMost', { name, max }),
) {
  return z
    .string({ message: msg('validation.query.number', { name }) })
    .regex(/^\d+$/, { message: msg('validation.query.wholeNumber', { name }), abort: true })
    .regex(/^[1-9]/, { message: msg('validation.query.positive', { name }), abort: true })
    .refine((digits) => ID_PATTERN.test(digits) && Number(digits) <= max, { message: tooLarge })
    .transform(Number)
}

export const isId = (digits: string) => ID_PATTERN.test(digits) && Number(digits) <= MAX_INT

export const idSchema = (name: string) =>
  positiveIntParam(name, MAX_INT, msg('validation.query.tooLarge', { name }))

export const idParams = z.object({ id: idSchema('id') })

// Free text in the query (filter[name], filter[role]): bounded and without control characters.
export function textParam(name: string, max: number) {
  return z
    .string({ message: msg('validation.query.text', { name }) })
    .max(max, { message: msg('validation.query.maxLength', { name, max }) })
    .refine((text) => !hasControlCharacter(text), {
      message: msg('validation.query.controlCharacters', { name }),
    })
}

// Query keys stay flat as the wire sends them: page[number], page[size], filter[name], sort.
export function pageQuery(defaultSize: number = LIMITS.tablePageSize) {
  return {
    'page[number]': positiveIntParam('page[number]').default(1),
    'page[size]': positiveIntParam('page[size]', LIMITS.maxPageSize).default(defaultSize),
  }
}

// Cache-busting timestamps the web client adds to device lists; accepted and ignored.
export const cacheBustingQuery = { _: z.string().optional(), t: z.string().optional() }

/** A list's query: a page, a sort by one of `sortable` (descending with `-`), a filter by name. */
export function listQuerySchema<const Columns extends readonly [string, ...string[]]>(
  sortable: Columns,
  defaultSize: number = LIMITS.tablePageSize,
) {
  const sortValues = sortable.flatMap((c) => [c, `-${c}`]) as [string, ...string[]]
  return z.object({
    ...pageQuery(defaultSize),
    sort: z
      .enum(sortValues, { message: msg('validation.query.sort', { values: sortValues.join(', ') }) })
      .default('created_at' as never),
    'filter[name]': textParam('filter[name]', 200).optional(),
  })
}

/** The earliest instant accepted in a range. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z')
const LATEST_AHEAD_MS = 366 * 86_400_000

/** An instant in the query (`from`, `to`): ISO 8601 with its time zone, within 2000 … a year from now. */
export const instantParam = (name: string) =>
  z
    .string({ message: msg('validation.query.dateTimeRequired', { name }) })
    .max(40, { message: msg('validation.query.dateTime', { name }) })
    .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text), {
      message: msg('validation.query.dateTimeZone', { name }),
      abort: true,
    })
    .refine((text) => !Number.isNaN(Date.parse(text)), {
      message: msg('validation.query.dateInvalid', { name }),
      abort: true,
    })
    .transform((text) => new Date(text))
    .refine((date) => date.getTime() >= EARLIEST && date.getTime() <= Date.now() + LATEST_AHEAD_MS, {
      message: msg('validation.query.dateRange', { name }),
    })
