import { z } from 'zod'
import { MIN_PASSWORD_LENGTH } from '../limits'

/** Required text: blank after trimming counts as missing. No `abort`: it would also silence object refinements. */
export function requiredText(required: string, max?: { length: number; message: string }) {
  const text = z.string({ error: required }).trim().min(1, { error: required })
  return max ? text.max(max.length, { error: max.message }) : text
}

/** E-mail that reports "missing" and "malformed" separately, never both at once (a pipe stops at the first). */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .toLowerCase()
    .min(1, { error: messages.required })
    .pipe(z.email({ error: messages.invalid }))
}

export function passwordField(messages: { required: string; tooShort: string }) {
  return z.string({ error: messages.required }).min(MIN_PASSWORD_LENGTH, {
    error: (issue) => (issue.input === '' ? messages.required : messages.tooShort),
  })
}

export function numberInRange(min: number, max: number, options: { integer?: boolean } = {}) {
  const message = `Значення має бути від ${min} до ${max}`
  const base = z.number({ error: 'Введіть число' })
  const number = options.integer ? base.int({ error: 'Значення має бути цілим числом' }) : base
  return number.min(min, { error: message }).max(max, { error: message })
}

/** A JSON:API id: a non-empty string, or a positive integer turned into one. */
export function idField(required: string) {
  return z
    .union(
      [
        z.string().trim().min(1, { error: required }),
        z.number().int({ error: required }).positive({ error: required }),
      ],
      { error: required },
    )
    .transform((id) => String(id))
}

interface WithPassword {
  password?: unknown
  password_confirmation?: unknown
}

type ConfirmationRefinement = [
  check: (value: WithPassword) => boolean,
  params: { error: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean },
]

/**
 * Refinement comparing password and password_confirmation, spread into `.refine(...)`. The issue sits on the
 * confirmation field and is raised even when other fields fail, so a form shows every problem at once.
 */
export function passwordsMatch(message: string): ConfirmationRefinement {
  return [
    (value) => value.password === value.password_confirmation,
    {
      error: message,
      path: ['password_confirmation'],
      when: ({ value }) => {
        const fields = value as WithPassword | null | undefined
        return fields?.password !== undefined || fields?.password_confirmation !== undefined
      },
    },
  ]
}
