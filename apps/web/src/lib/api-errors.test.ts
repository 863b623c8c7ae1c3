import type { ApiError } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { errorField, groupErrorsByField, parseErrorDocument } from './api-errors'

const invalid = (pointer: string | undefined, detail: string): ApiError => ({
  status: '422',
  title: 'Unprocessable Entity',
  detail,
  ...(pointer ? { source: { pointer } } : {}),
})

describe('groupErrorsByField', () => {
  it('keys each message by the 4th segment of source.pointer and keeps the first per field', () => {
    const grouped = groupErrorsByField([
      invalid('/data/attributes/email', 'The email has already been taken.'),
      invalid('/data/attributes/password', 'The password must be at least 8 characters.'),
      invalid('/data/attributes/email', 'The email must be a valid email address.'),
      invalid('/data/relationships/roles', 'The roles field is required.'),
    ])
    expect(grouped).toEqual({
      email: 'The email has already been taken.',
      password: 'The password must be at least 8 characters.',
      roles: 'The roles field is required.',
    })
  })

  it('ignores errors that point at no field', () => {
    expect(groupErrorsByField([invalid(undefined, 'Server error')])).toEqual({})
  })

  it('falls back to the title when the detail is empty', () => {
    expect(
      groupErrorsByField([
        { status: '422', title: 'Invalid', detail: '', source: { pointer: '/data/attributes/name' } },
      ]),
    ).toEqual({
      name: 'Invalid',
    })
  })
})

describe('errorField', () => {
  it('reads nested pointers by their 4th segment and flat ones by their last', () => {
    expect(errorField(invalid('/data/attributes/roles/0', 'x'))).toBe('roles')
    expect(errorField(invalid('/email', 'x'))).toBe('email')
  })
})

describe('parseErrorDocument', () => {
  it('returns the errors of a JSON:API error document', () => {
    const errors = parseErrorDocument({
      errors: [{ status: 401, title: 'Unauthorized', detail: 'Bad token' }],
    })
    expect(errors).toEqual([{ status: '401', title: 'Unauthorized', detail: 'Bad token' }])
  })

  it('returns nothing for bodies that are not error documents', () => {
    expect(parseErrorDocument(undefined)).toEqual([])
    expect(parseErrorDocument('<html>')).toEqual([])
    expect(parseErrorDocument({ errors: 'nope' })).toEqual([])
  })
})
