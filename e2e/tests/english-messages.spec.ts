import { expect, test } from '@playwright/test'
import { demoAccount } from '../support/auth'

// An English screen shows the domain's rules and the server's refusals in English (ADR 032).
test('an English sign-up form says its rules and the server refusal in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('teplo.language', 'en'))
  await page.goto('/register')
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible()

  // The domain's rules, checked in the browser.
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('Enter a username!')).toBeVisible()
  await expect(page.getByText('Email is required!')).toBeVisible()

  // The server's refusal, asked for in English.
  await page.getByLabel('Username').fill('Twin')
  await page.getByLabel('Email').fill(demoAccount('user').email)
  await page.getByLabel('Password', { exact: true }).fill('warm-house-1')
  await page.getByLabel('Confirm password').fill('warm-house-1')
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check()
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/v2/register'))
  await page.getByRole('button', { name: 'Sign up' }).click()
  const response = await refused
  expect(response.status()).toBe(422)
  expect(await response.headerValue('content-language')).toBe('en')
  // Under the field (the server's detail) and in the toast (the screen's own text).
  await expect(page.getByText('This email is already registered.')).toHaveCount(2)
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
})
