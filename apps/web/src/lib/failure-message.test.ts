import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api-client'
import { failureMessage } from './failure-message'

const texts = { generic: 'Ой, щось пішло не так!', network: 'offline' }
const refusal = (status: number, detail: string) =>
  new ApiRequestError(status, [{ status: String(status), title: 'Refused', detail }])

describe('failureMessage', () => {
  it("repeats the server's reason for a refused request", () => {
    expect(failureMessage(refusal(422, 'Ця роль має користувачів.'), texts)).toBe('Ця роль має користувачів.')
    expect(failureMessage(refusal(403, 'Стандартні ролі змінювати не можна.'), texts)).toBe(
      'Стандартні ролі змінювати не можна.',
    )
  })

  it('falls back to the generic text for server faults, expired sessions and unknown errors', () => {
    expect(failureMessage(refusal(500, 'Internal Server Error'), texts)).toBe(texts.generic)
    expect(failureMessage(refusal(401, 'Потрібно увійти в акаунт.'), texts)).toBe(texts.generic)
    expect(failureMessage(refusal(422, ''), texts)).toBe(texts.generic)
    expect(failureMessage(new Error('boom'), texts)).toBe(texts.generic)
  })

  it('says so when the server cannot be reached', () => {
    expect(failureMessage(new ApiRequestError(0, []), texts)).toBe('offline')
  })
})
