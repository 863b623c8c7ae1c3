import { DEMO_ACCOUNTS } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { bearer, JSON_API, useDemoApp } from '../support/helper.ts'
import { addPerson } from '../support/sharing-fixture.ts'

// The account's declared operations (ADR 054) take a JSON:API document of their declared type, as the web's
// client sends it, and refuse another type with 409 (ADR 050). The token answers take plain JSON.
const demo = useDemoApp()

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: object, token?: string) =>
  demo.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'content-type': JSON_API },
    payload,
  })

describe('documents sent to the account operations', () => {
  it('takes a password reset request as a password-resets document and refuses another type', async () => {
    const email = 'nobody-typed@example.com'
    const wrong = await send('POST', '/api/v2/password-forgot', {
      data: { type: 'users', attributes: { email } },
    })
    expect(wrong.statusCode).toBe(409)
    const right = await send('POST', '/api/v2/password-forgot', {
      data: { type: 'password-resets', attributes: { email } },
    })
    expect(right.statusCode).toBe(204)
  })

  it('takes a body under /me as a document of the account (users), not another type', async () => {
    const person = await addPerson(demo.app, 'typed-passkey@example.com', 'user')
    const attributes = { current_password: 'password-123' }
    const wrong = await send(
      'POST',
      '/api/v2/me/passkeys/options',
      { data: { type: 'passkeys', attributes } },
      person.token,
    )
    expect(wrong.statusCode).toBe(409)
    const right = await send(
      'POST',
      '/api/v2/me/passkeys/options',
      { data: { type: 'users', attributes } },
      person.token,
    )
    expect(right.statusCode).toBe(200)
  })

  it('takes the security settings as a security-settings document', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    const attributes = { require_two_factor: false }
    const token = demo.tokens[admin.role]
    const wrong = await send(
      'PATCH',
      '/api/v2/security-settings',
      { data: { type: 'users', attributes } },
      token,
    )
    expect(wrong.statusCode).toBe(409)
    const right = await send(
      'PATCH',
      '/api/v2/security-settings',
      { data: { type: 'security-settings', id: '1', attributes } },
      token,
    )
    expect(right.statusCode).toBe(200)
  })
})
