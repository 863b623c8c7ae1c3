import { describe, expect, it, vi } from 'vitest'
import { applyFieldErrors } from './form-errors'

interface Values {
  email: string
  password: string
}

describe('applyFieldErrors', () => {
  it("sets each of the form's fields that the server named and focuses the first", () => {
    const setError = vi.fn()
    const applied = applyFieldErrors<Values>(
      { password: 'Too short', email: 'Taken', roles: 'Ignored' },
      setError,
      ['email', 'password'],
    )

    expect(applied).toBe(true)
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'Too short' }, { shouldFocus: false }],
    ])
  })

  it('reports false when no message belongs to the form', () => {
    const setError = vi.fn()
    expect(applyFieldErrors<Values>({ roles: 'x' }, setError, ['email'])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
