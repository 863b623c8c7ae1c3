import { type APIRequestContext, expect } from '@playwright/test'
import { waitForMail } from './mail'

/** Opens the verification link mailed at sign-up through the API: the account's address is proven (ADR 034). */
export async function confirmAddress(request: APIRequestContext, email: string): Promise<void> {
  const letter = await waitForMail(email)
  const token = /\/email\/verify\?token=([\w-]+)/.exec(letter)?.[1]
  expect(token, letter).toBeTruthy()
  const opened = await request.post('/api/v2/email-verification', { data: { token } })
  expect(opened.ok(), await opened.text()).toBe(true)
}
