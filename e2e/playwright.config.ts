import { defineConfig, devices } from '@playwright/test'
import { baseURL, dataDirOf, serverPortOf } from './support/paths'

// Spec files run E2E_WORKERS at a time, each worker against a server of its own (support/paths.ts gives each its
// ports and data directory), so specs never share data. One by default: on two cores the browser and the server of
// one worker already take both (docs/benchmarks.md, "CI time (2026-11-29)": with two or three workers, screens
// missed their 10 s waits); a machine with more cores can give E2E_WORKERS=2 or more.
const WORKERS = Number(process.env.E2E_WORKERS ?? 1)

// Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: true,
  retries: 0,
  // Generous limits: on a busy 2-core host (server, browser and runner share it) a whole sign-in flow has taken
  // over 30 s and one step 8 s. They bound waiting, not speed: what never appears still fails, and the speed
  // promises (a notice within 5 s, …) keep their own limits in the tests.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'uk-UA',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The real server on a fresh embedded database, serving the built web app (npm run build first): one per worker.
  webServer: Array.from({ length: WORKERS }, (_, slot) => serverPortOf(slot)).map((port) => ({
    command: `rm -rf '${dataDirOf(port)}' && tsx ../apps/server/src/main.ts`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirOf(port),
      LOG_LEVEL: 'warn',
      // One instance, no balancer: stop at once.
      SHUTDOWN_DELAY_SECONDS: '0',
      // The embedded device broker; 1883 may be taken by a Mosquitto on the same machine.
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: String(port + 1),
      // A week of generated history for the demo boilers (the default month costs more CPU than tests need).
      DEMO_HISTORY_DAYS: '7',
      // The webhooks spec's receiver listens on 127.0.0.1; its retry is due a second after a failure.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '1',
      // The Home Assistant spec's broker (a Mosquitto it starts) listens on 127.0.0.1.
      HOME_ASSISTANT_ALLOW_PRIVATE: 'true',
      HOME_ASSISTANT_RETRY_SECONDS: '1',
    },
  })),
})
