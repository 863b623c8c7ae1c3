import { describe, expect, it } from 'vitest'
import { stubFetch } from '../test/fetch-stub'
import { profileDocument, tokenResponse } from '../test/resource-fixtures'
import { ApiRequestError, apiRequest } from './api-client'
import { ACCESS_TOKEN_KEY, getToken, setToken } from './auth-token'
import { setLanguage } from './i18n'

describe('apiRequest', () => {
  it('sends the stored token as a bearer header with JSON:API content negotiation', async () => {
    setToken('abc123')
    const calls = stubFetch(() => ({ status: 200, body: profileDocument('admin') }))

    await apiRequest('me', { query: { include: 'roles' } })

    expect(calls[0]?.url).toBe('/api/v2/me?include=roles')
    expect(calls[0]?.headers.authorization).toBe('Bearer abc123')
    expect(calls[0]?.headers.accept).toBe('application/vnd.api+json')
  })

  it("asks for the server's refusals in the screen's language", async () => {
    const calls = stubFetch(() => ({ status: 200, body: profileDocument('admin') }))

    await apiRequest('me')
    await setLanguage('en')
    await apiRequest('me')

    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['uk', 'en'])
  })

  it('sends a JSON:API body and no token for calls made without auth', async () => {
    setToken('abc123')
    const calls = stubFetch(() => ({ status: 200, body: tokenResponse('new') }))

    await apiRequest('login', { method: 'POST', body: { email: 'a@b.c', password: 'x' }, auth: false })

    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.authorization).toBeUndefined()
    expect(calls[0]?.headers['content-type']).toBe('application/vnd.api+json')
    expect(calls[0]?.body).toEqual({ email: 'a@b.c', password: 'x' })
  })

  it('clears the token when GET me answers 401', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired')
    stubFetch(() => ({
      status: 401,
      body: { errors: [{ status: '401', title: 'Unauthorized', detail: '' }] },
    }))

    const failure = apiRequest('me', { query: { include: 'roles' } })

    await expect(failure).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
  })

  it('keeps the token on 401 when the call says 401 means a wrong password', async () => {
    setToken('valid')
    stubFetch(() => ({ status: 401 }))

    await expect(
      apiRequest('auth/check-password', { method: 'POST', body: {}, keepTokenOn401: true }),
    ).rejects.toThrow()
    expect(getToken()).toBe('valid')
  })

  it('exposes 422 errors grouped by field', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'Invalid',
            detail: 'Email taken',
            source: { pointer: '/data/attributes/email' },
          },
          {
            status: '422',
            title: 'Invalid',
            detail: 'Second',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      },
    }))

    const error = await apiRequest('register', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    )

    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).fieldErrors).toEqual({ email: 'Email taken' })
  })

  it('reports an unreachable server as status 0', async () => {
    stubFetch(() => new TypeError('Failed to fetch'))

    const error = await apiRequest('me').catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).isNetworkError).toBe(true)
  })

  it('resolves an empty 204 answer to undefined', async () => {
    stubFetch(() => ({ status: 204 }))
    await expect(apiRequest('logout', { method: 'POST' })).resolves.toBeUndefined()
  })
})
