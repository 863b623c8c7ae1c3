import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { serverPort } from '../support/paths'
import { checkScreen } from '../support/screen-check'

// A real installation (DEMO=false) has no known password: the server prints a one-time link at its first start,
// and that link's screen creates the first administrator (ADR 044). Its own server, beside the demo one.

const port = serverPort + 5
const origin = `http://127.0.0.1:${port}`
let server: ChildProcess | undefined
let dataDir = ''
let output = ''

test.beforeAll(async () => {
  test.setTimeout(150_000)
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-e2e-setup-'))
  server = spawn(process.execPath, ['--import', 'tsx', '../apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      DATA_DIR: dataDir,
      MQTT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 140_000
  while (!output.includes('Teplo is running')) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

test('the printed setup link creates the first administrator once; the sign-in page offers no demo accounts', async ({
  page,
}) => {
  const link = /(http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(output)?.[1]
  expect(link, output).toBeTruthy()
  expect(output).not.toContain('Demo logins')

  // Nothing to try on the sign-in screen of a real site.
  await page.goto(`${origin}/login`)
  await expect(page.getByRole('heading', { name: 'Вхід' })).toBeVisible()
  await expect(page.getByText('admin@teplo.demo')).toHaveCount(0)

  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Перший адміністратор' })).toBeVisible()
  await checkScreen(page, 'setup')
  await page.getByLabel('Логін').fill('Оксана')
  await page.getByLabel('Email').fill('oksana@factory.test')
  await page.getByLabel('Пароль', { exact: true }).fill('short')
  await page.getByLabel('Підтвердження пароля').fill('short')
  await page.getByRole('button', { name: 'Створити адміністратора' }).click()
  await expect(page.getByText('Пароль має бути не менше 8 символів!')).toBeVisible()

  await page.getByLabel('Пароль', { exact: true }).fill('warm-factory-1')
  await page.getByLabel('Підтвердження пароля').fill('warm-factory-1')
  await page.getByRole('button', { name: 'Створити адміністратора' }).click()
  await expect(page).toHaveURL(/\/users\/list$/)
  await expect(page.getByText('Адміністратора створено. Ви увійшли в систему.')).toBeVisible()
  await expect(page.getByRole('cell', { name: 'oksana@factory.test' })).toBeVisible()
  // No account with a published password: no warning for the administrator.
  await expect(page.getByTestId('published-passwords')).toHaveCount(0)

  // The link is spent: opened again (signed out), it says so and creates nothing.
  await page.evaluate(() => localStorage.clear())
  await page.goto(link!)
  await expect(page.getByText('Посилання застаріло або вже використане.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Створити адміністратора' })).toHaveCount(0)
})
