import { expect, type Page } from '@playwright/test'
import { DEMO_ACCOUNTS, type RoleName } from '@teplo/domain'

export function demoAccount(role: RoleName) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)
  if (!account) throw new Error(`no demo account for ${role}`)
  return account
}

// Signs in through the real login form, as a person would.
export async function signIn(page: Page, role: RoleName) {
  const account = demoAccount(role)
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Пароль', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Увійти' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
}
