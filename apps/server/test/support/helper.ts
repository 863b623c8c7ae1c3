import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts'
import { pgliteTemplate } from './pglite-template.ts'

// TEST_DATABASE_URL points at a PostgreSQL server; each test file then gets a database of its own.
const serverUrl = process.env.TEST_DATABASE_URL

async function createPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `teplo_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({ pgliteTemplate: await pgliteTemplate(inject('pgliteTemplate')) })
  const created = await createPostgresDatabase(serverUrl)
  const handle = await openDatabase({ databaseUrl: created.url })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await created.drop()
    },
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // TEST_LOG_LEVEL=error shows what the server logged (a background task's failure) while a test runs.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: '/tmp/teplo-test-unused',
    // The device link listens on a port; test files that need it turn it on (device-link tests).
    MQTT_ENABLED: 'false',
    // Test servers run side by side on one broker: each has a session of its own, gone a minute after it stops.
    MQTT_CLIENT_ID: `teplo-server-test-${randomBytes(6).toString('hex')}`,
    MQTT_SESSION_EXPIRY_SECONDS: '60',
    ...overrides,
  })
}

export type TestApp = FastifyInstance & { closeAll: () => Promise<void> }

// Build the app once per test file against a fresh database (seeded with the demo data).
export async function build(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(overrides), database })
  await app.ready()
  return Object.assign(app, {
    closeAll: async () => {
      await app.close()
      await database.close()
    },
  })
}

export const JSON_API = 'application/vnd.api+json'

/** An account a test signs in as: a demo account (`DEMO_ACCOUNTS`) or one the test created. */
export type Credentials = { email: string; password: string }

export type SignedIn = {
  token: string
  /** The session's `Authorization` header, to spread into a request's headers. */
  headers: { authorization: string }
}

/**
 * The one way tests sign in: `POST /api/v2/login` with the account's e-mail and password, failing the test
 * unless it answers 200 with a token. `remember` is the form's check box (the server's default, true, unless
 * said); `headers` are sent with the sign-in (a browser's `User-Agent`, a proxy's `X-Forwarded-For`), so the
 * session records them.
 */
export async function signIn(
  app: FastifyInstance,
  who: Credentials,
  options: { remember?: boolean; headers?: Record<string, string> } = {},
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/login',
    ...(options.headers ? { headers: options.headers } : {}),
    payload: { email: who.email, password: who.password, remember: options.remember ?? true },
  })
  if (res.statusCode !== 200) throw new Error(`login failed for ${who.email}: ${res.statusCode} ${res.body}`)
  const token = res.json<{ access_token: string }>().access_token
  return { token, headers: bearer(token) }
}

/** The token of `signIn`, for the many tests that only need it. */
export async function loginAs(app: FastifyInstance, email: string, password: string, remember = true) {
  return (await signIn(app, { email, password }, { remember })).token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}

/** The errors of a JSON:API error document. */
export const errorsOf = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors

/**
 * The app of a test file, built once against a fresh database, with every demo account signed in:
 * `demo.app` and `demo.tokens[role]` are filled in before the file's tests run.
 */
export function useDemoApp(overrides: Record<string, string> = {}) {
  const demo = { app: undefined as unknown as TestApp, tokens: {} as Record<string, string> }
  beforeAll(async () => {
    demo.app = await build(overrides)
    for (const account of DEMO_ACCOUNTS) {
      demo.tokens[account.role] = (await signIn(demo.app, account)).token
    }
  })
  afterAll(async () => {
    await demo.app?.closeAll()
  })
  return demo
}
