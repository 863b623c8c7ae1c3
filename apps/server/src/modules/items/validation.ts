import type { z } from 'zod'
import { errorObject, HttpError } from '../../lib/api-error.ts'

export const READ_ONLY_FIELD = 'Це поле не можна змінити'

// Zod issues of a body parsed inside a service, in the same 422 shape as route-level body validation.
export function unprocessable(issues: readonly z.core.$ZodIssue[]): HttpError {
  const errors = issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        errorObject(422, READ_ONLY_FIELD, { pointer: `/data/attributes/${key}` }),
      )
    }
    const pointer = ['/data/attributes', ...issue.path.map(String)].join('/')
    return [errorObject(422, issue.message, { pointer })]
  })
  return new HttpError(422, errors)
}

export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw unprocessable(result.error.issues)
  return result.data
}
