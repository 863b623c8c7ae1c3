import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The fault suite (`npm run test:faults`): real server processes against a PostgreSQL and a Mosquitto that the
// tests start, stop and kill themselves on free ports. Not part of the server project (vitest.config.ts at the
// root includes only src/ and test/); files run one at a time, each within a few minutes.
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
})
