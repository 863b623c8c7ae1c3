import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { WEB_TESTS, webConfig } from './apps/web/vite.config.ts'

// Files that need a real engine run only when it is given: *.postgres.test.ts with TEST_DATABASE_URL,
// *.mosquitto.test.ts with TEST_MQTT_URL (CI sets both in its second pass); *.pglite.test.ts are about the
// embedded database itself and run only without TEST_DATABASE_URL.
const engineOnly = [
  ...(process.env.TEST_DATABASE_URL ? ['test/**/*.pglite.test.ts'] : ['test/**/*.postgres.test.ts']),
  ...(process.env.TEST_MQTT_URL ? [] : ['test/**/*.mosquitto.test.ts']),
]

/**
 * The server's test files that reach a real engine when one is given: every file that reads TEST_DATABASE_URL or
 * TEST_MQTT_URL (the test app builder test/helper.ts, the broker and two-instance helpers, the *.postgres and
 * *.mosquitto files) and every test file importing one of them, directly or through other files. Derived from the
 * source on every run, wherever the files live under test/: a new test that builds the app is selected by itself.
 * CI's second pass (TEST_ENGINE_PASS=1, `npm run test:server:engines`) runs only these; the others (parsers, config,
 * PGlite-only files) never touch PostgreSQL or Mosquitto and would only repeat the first pass.
 */
function engineDependentTests(root: string): string[] {
  const files = readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(root, 'test', file))
  const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]))
  const importers = new Map<string, string[]>()
  const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g
  for (const [file, source] of sources) {
    for (const [, specifier] of source.matchAll(relativeImport)) {
      const target = path.resolve(path.dirname(file), specifier)
      for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
        if (!sources.has(candidate)) continue
        importers.set(candidate, [...(importers.get(candidate) ?? []), file])
        break
      }
    }
  }
  const reached = new Set<string>()
  const pending = files.filter(
    (file) =>
      /\.(postgres|mosquitto)\.test\.ts$/.test(file) ||
      /\bTEST_(DATABASE|MQTT)_URL\b/.test(sources.get(file) ?? ''),
  )
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue
    reached.add(file)
    pending.push(...(importers.get(file) ?? []))
  }
  return [...reached].filter((file) => file.endsWith('.test.ts')).map((file) => path.relative(root, file))
}

/**
 * Test files that replace a module with `vi.mock`/`vi.doMock`: they need a module registry of their own, so they run
 * in the isolated twin of their project; every other file shares its worker's modules with the files before it
 * (`isolate: false`), which spares importing the server or the web app again for each file (~3 s of a server file's
 * ~4 s). Derived from the source on every run.
 */
function mockingTests(root: string, directories: string[], name: RegExp): string[] {
  return directories.flatMap((directory) =>
    readdirSync(path.join(root, directory), { recursive: true, encoding: 'utf8' })
      .filter((file) => name.test(file))
      .map((file) => path.join(directory, file))
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, file), 'utf8'))),
  )
}

const serverRoot = path.join(import.meta.dirname, 'apps/server')
const serverTests = process.env.TEST_ENGINE_PASS
  ? engineDependentTests(serverRoot)
  : ['src/**/*.test.ts', 'test/**/*.test.ts']
const serverMocking = mockingTests(serverRoot, ['src', 'test'], /\.test\.ts$/)
const webRoot = path.join(import.meta.dirname, 'apps/web')
const webMocking = mockingTests(webRoot, ['src', 'sw'], /\.test\.tsx?$/)

const server = {
  root: 'apps/server',
  environment: 'node' as const,
  globalSetup: ['test/support/pglite-template.ts'],
  setupFiles: ['../../packages/domain/src/i18n/register-for-tests.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

// One runner for unit and integration tests; browser flows live in e2e/ (Playwright).
export default defineConfig({
  test: {
    // Two files at a time on the two cores (Vitest's default is one fewer than the cores): with the app imported once
    // per worker (below), the second core halves the unit pass (docs/benchmarks.md, "CI time (2026-11-29)").
    maxWorkers: 2,
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
          ...server,
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...engineOnly, ...serverMocking],
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server-isolated',
          exclude: [...configDefaults.exclude, ...engineOnly],
          // The engine pass lists its files by name: only the mocking ones among them.
          include: process.env.TEST_ENGINE_PASS
            ? serverMocking.filter((file) => serverTests.includes(file))
            : serverMocking,
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
      webConfig({
        name: 'web',
        root: 'apps/web',
        include: WEB_TESTS,
        exclude: [...configDefaults.exclude, ...webMocking],
        isolate: false,
      }),
      webConfig({ name: 'web-isolated', root: 'apps/web', include: webMocking }),
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
