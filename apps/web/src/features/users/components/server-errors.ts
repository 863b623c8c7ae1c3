import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { ApiRequestError } from '../../../lib/api-client'
import { applyFieldErrors } from '../../../lib/form-errors'

/** Puts a failed save's 422 messages under the inputs; anything else goes to `otherwise` (a red toast). */
export function reportSaveFailure<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
  otherwise: (error: unknown) => void,
) {
  const messages = error instanceof ApiRequestError ? error.fieldErrors : {}
  if (!applyFieldErrors(messages, setError, fields)) otherwise(error)
}
