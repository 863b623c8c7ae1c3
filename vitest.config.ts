import { defineConfig } from 'vitest/config'

// Files that need a real engine run only when it is given: *.postgres.test.ts with TEST_DATABASE_URL,
// *.mosquitto.test.ts with TEST_MQTT_URL (CI sets both in its second pass); *.pglite.test.ts are about the
// embedded database itself and run only without TEST_DATABASE_URL.
const engineOnly = [
  ...(process.env.TEST_DATABASE_URL ? ['test/**/*.pglite.test.ts'] : ['test/**/*.postgres.test.ts']),
  ...(process.env.TEST_MQTT_URL ? [] : ['test/**/*.mosquitto.test.ts']),
]

// One runner for unit and integration tests; browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          setupFiles: ['src/i18n/register-for-tests.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: engineOnly,
          environment: 'node',
          globalSetup: ['test/pglite-template.ts'],
          setupFiles: ['../../packages/domain/src/i18n/register-for-tests.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../packages/domain/src/i18n/register-for-tests.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
})
