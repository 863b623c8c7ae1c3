import { z } from 'zod'

// Ids and page numbers are PostgreSQL integers.
export const MAX_INT = 2_147_483_647

// A positive whole number in the path or the query; each broken rule has its own message, and the error
// handler answers it as 400 with source.parameter.
export function positiveIntParam(name: string, max = MAX_INT, tooLarge = `${name} must be at most ${max}`) {
  return z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, tooLarge)
}

export const idSchema = (name: string) => positiveIntParam(name, MAX_INT, `${name} is too large`)

export const idParams = z.object({ id: idSchema('id') })
