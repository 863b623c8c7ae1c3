import { type APIRequestContext, expect, type Page } from '@playwright/test'
import type { RoleName } from '@teplo/domain'
import { demoAccount } from './auth'

const JSON_API = 'application/vnd.api+json'

/** Signs in through the API once, so a file of tests does not hit the login rate limit. */
export async function apiToken(request: APIRequestContext, role: RoleName): Promise<string> {
  const { email, password } = demoAccount(role)
  const response = await request.post('/api/v2/login', { data: { email, password } })
  expect(response.status(), 'API login').toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

/** Every page of the test starts signed in with `token`. */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('access_token', value), token)
}

/** A call to /api/v2 as the holder of `token`; answers the parsed body. */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v2/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: JSON_API, 'Content-Type': JSON_API },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}
