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
  // The demo prefill may still land while the fields are being typed into (its answer can come late on a busy
  // machine): type again until both fields hold what was typed.
  const email = page.getByLabel('Email')
  const password = page.getByLabel('Пароль', { exact: true })
  await expect(async () => {
    await email.fill(account.email)
    await password.fill(account.password)
    await expect(email).toHaveValue(account.email, { timeout: 500 })
    await expect(password).toHaveValue(account.password, { timeout: 500 })
  }).toPass({ timeout: 10_000 })
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
}
