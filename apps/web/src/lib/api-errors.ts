import type { ApiError } from '@teplo/domain'

/** Field name of a JSON:API error: the 4th segment of '/data/attributes/<field>' (spec §5). */
export function errorField(error: ApiError): string | undefined {
  const pointer = error.source?.pointer
  if (!pointer) return undefined
  const segments = pointer.split('/')
  // A flat request body yields '/<field>'; fall back to its last segment.
  return segments[3] || segments.filter(Boolean).at(-1)
}

/** Groups 422 errors by field, keeping the first message of each field. */
export function groupErrorsByField(errors: readonly ApiError[]): Record<string, string> {
  const grouped: Record<string, string> = {}
  for (const error of errors) {
    const field = errorField(error)
    if (field && !(field in grouped)) grouped[field] = error.detail || error.title
  }
  return grouped
}

/** Reads the `errors` list of a JSON:API error document, ignoring anything malformed. */
export function parseErrorDocument(body: unknown): ApiError[] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return []
  const { errors } = body as { errors: unknown }
  if (!Array.isArray(errors)) return []
  return errors
    .filter((error): error is Record<string, unknown> => typeof error === 'object' && error !== null)
    .map((error) => ({
      status: String(error.status ?? ''),
      title: typeof error.title === 'string' ? error.title : '',
      detail: typeof error.detail === 'string' ? error.detail : '',
      ...(isSource(error.source) ? { source: error.source } : {}),
    }))
}

function isSource(value: unknown): value is ApiError['source'] {
  return typeof value === 'object' && value !== null
}
