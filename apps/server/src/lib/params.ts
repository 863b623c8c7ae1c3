import { hasControlCharacter, ID_PATTERN, MAX_ID } from '@teplo/domain'
import { z } from 'zod'

// Ids and page numbers are PostgreSQL integers.
export const MAX_INT = MAX_ID

// A positive whole number in the path or the query, written as plain decimal digits (no sign, spaces, leading
// zeros, hex or exponent); each broken rule has its own message, and the error handler answers it as 400 with
// source.parameter.
export function positiveIntParam(
  name: string,
  max = MAX_INT,
  tooLarge = `${name} має бути не більше ${max}`,
) {
  return z
    .string({ message: `${name} має бути числом` })
    .regex(/^\d+$/, { message: `${name} має бути цілим числом, записаним десятковими цифрами`, abort: true })
    .regex(/^[1-9]/, { message: `${name} має бути не менше 1, без нулів на початку`, abort: true })
    .refine((digits) => ID_PATTERN.test(digits) && Number(digits) <= max, { message: tooLarge })
    .transform(Number)
}

export const isId = (digits: string) => ID_PATTERN.test(digits) && Number(digits) <= MAX_INT

export const idSchema = (name: string) => positiveIntParam(name, MAX_INT, `${name} завеликий`)

export const idParams = z.object({ id: idSchema('id') })

// Free text in the query (filter[name], filter[role]): bounded and without control characters.
export function textParam(name: string, max: number) {
  return z
    .string({ message: `${name} має бути текстом` })
    .max(max, { message: `${name} має містити не більше ${max} символів` })
    .refine((text) => !hasControlCharacter(text), { message: `${name} не може містити керівних символів` })
}
