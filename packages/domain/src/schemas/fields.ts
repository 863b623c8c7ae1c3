import { z } from 'zod'
import { msg } from '../i18n/message'
import { ID_PATTERN, MAX_ID, MIN_PASSWORD_LENGTH } from '../limits'

/** The answer on a text field holding a control character (NUL, escape, bell, …): databases refuse NUL. */
export const CONTROL_CHARACTERS_MESSAGE = msg('validation.field.controlCharacters')

/** C0 and C1 control characters and DEL; with `multiline`, tab and line breaks are ordinary text. */
export function hasControlCharacter(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x7f || (code >= 0x80 && code <= 0x9f)) return true
    if (code < 0x20 && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return true
  }
  return false
}

export interface TextOptions {
  /** Tab and line breaks are allowed (a problem description, an address). */
  multiline?: boolean
}

/** Any text a request stores or compares: a string without control characters. */
export function plainText(error?: string, options: TextOptions = {}) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((text) => !hasControlCharacter(text, options.multiline), { error: CONTROL_CHARACTERS_MESSAGE })
}

/** Required text: blank after trimming counts as missing. No `abort`: it would also silence object refinements. */
export function requiredText(
  required: string,
  max?: { length: number; message: string },
  options: TextOptions = {},
) {
  const text = plainText(required, options).trim().min(1, { error: required })
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
  const message = msg('validation.field.range', { min, max })
  const base = z.number({ error: msg('validation.field.number') })
  const number = options.integer ? base.int({ error: msg('validation.field.wholeNumber') }) : base
  return number.min(min, { error: message }).max(max, { error: message })
}

/** A JSON:API id: decimal digits or a positive integer, within the database's integer ids; always a string. */
export function idField(required: string) {
  return z
    .union(
      [
        z.string().trim().regex(ID_PATTERN, { error: required }),
        z.number().int({ error: required }).positive({ error: required }).max(MAX_ID, { error: required }),
      ],
      { error: required },
    )
    .transform((id) => String(id))
    .refine((id) => Number(id) <= MAX_ID, { error: required })
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
