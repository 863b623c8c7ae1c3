import { z } from 'zod'

/**
 * A body that may be left out (`DELETE` with only an optional `current_password`): no body reads as `{}`.
 * Typed as the schema's own input or nothing, for the web's client.
 */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((body) => body ?? {}, schema) as unknown as z.ZodType<
    z.output<T>,
    z.input<T> | undefined
  >
}
