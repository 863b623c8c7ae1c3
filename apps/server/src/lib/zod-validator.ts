import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

const englishZod = z.locales.en()
const ENGLISH_MESSAGES = Symbol('englishMessages')

type Validation = { message?: string }[] & { [ENGLISH_MESSAGES]?: () => (string | undefined)[] }

/**
 * fastify-type-provider-zod's validator, whose refusals can also say zod's own messages in English: zod renders
 * them in Ukrainian (`z.config(z.locales.uk())`), and an English request asks for them again with
 * `englishMessages`. The data is parsed once more then, with English as the parse's error map (a message of ours
 * on the schema still wins, and is translated by the catalogue): only for a refused English request.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route)
  return (data) => {
    // fastify-type-provider-zod's validator answers { value } or { error: items }, never a promise or a boolean.
    const result = validate(data) as { value?: unknown; error?: FastifySchemaValidationError[] }
    if (!Array.isArray(result.error)) return result
    const validation = result.error as Validation
    validation[ENGLISH_MESSAGES] = () => {
      const again = route.schema.safeParse(data, { error: (issue) => englishZod.localeError(issue) })
      return again.success ? [] : again.error.issues.map((issue) => issue.message)
    }
    return result
  }
}

/** The validation items' messages with zod's own in English; null when they were not made by this validator. */
export function englishValidationMessages(validation: unknown): (string | undefined)[] | null {
  const messages = (validation as Validation | undefined)?.[ENGLISH_MESSAGES]
  return messages ? messages() : null
}
