import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'

/**
 * Puts server field messages (first per field, spec §5) under the form's own inputs.
 * Returns false when none of them belongs to the form, so the caller falls back to a toast.
 */
export function applyFieldErrors<Values extends FieldValues>(
  fieldErrors: Readonly<Record<string, string>>,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): boolean {
  let applied = false
  for (const field of fields) {
    const message = fieldErrors[field]
    if (message === undefined) continue
    setError(field, { type: 'server', message }, { shouldFocus: !applied })
    applied = true
  }
  return applied
}
