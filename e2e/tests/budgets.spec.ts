import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

const LOGIN_JS_BUDGET = 250 * 1024

test('a first visit to /login loads at most 250 kB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>()
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript')) return
    const body = await response.body()
    scripts.set(response.url(), gzipSync(body, { level: 9 }).length)
  })
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0)
  console.log(`/login JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} kB gzip`)
  // The largest files first: what to look at when the budget runs short.
  for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} kB  ${new URL(url).pathname}`)
  expect(scripts.size).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET)
})
