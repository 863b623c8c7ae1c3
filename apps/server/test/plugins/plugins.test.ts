import { DEMO_ACCOUNTS } from '@teplo/domain'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import auth from '../../src/plugins/app/auth.ts'
import demoDevices from '../../src/plugins/app/demo-devices.ts'
import deviceLink from '../../src/plugins/app/device-link.ts'
import events from '../../src/plugins/app/events.ts'
import itemCache from '../../src/plugins/app/item-cache.ts'
import live from '../../src/plugins/app/live.ts'
import mailer from '../../src/plugins/app/mailer.ts'
import configPlugin from '../../src/plugins/external/config.ts'
import db from '../../src/plugins/external/db.ts'
import errors from '../../src/plugins/external/errors.ts'
import { jsonApiRepliesPlugin, jsonApiRequestsPlugin } from '../../src/plugins/external/json-api.ts'
import openApi from '../../src/plugins/external/openapi.ts'
import security from '../../src/plugins/external/security.ts'
import web from '../../src/plugins/external/web.ts'
import { bearer, build, JSON_API, loginAs, type TestApp, testConfig } from '../support/helper.ts'

type PluginMeta = { name?: string; dependencies?: string[] }
const meta = (plugin: object) => (plugin as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')] ?? {}

const plugins = {
  configPlugin,
  db,
  errors,
  jsonApiRequestsPlugin,
  jsonApiRepliesPlugin,
  security,
  openApi,
  web,
  auth,
  events,
  itemCache,
  mailer,
  live,
  deviceLink,
  demoDevices,
}

describe('plugin graph', () => {
  it('names every plugin and declares what it needs', () => {
    const graph = Object.fromEntries(
      Object.values(plugins).map((plugin) => [meta(plugin).name, meta(plugin).dependencies ?? []]),
    )
    expect(graph).toEqual({
      'teplo-config': [],
      'teplo-db': ['teplo-config'],
      'teplo-errors': [],
      'teplo-json-api-requests': [],
      'teplo-json-api-replies': [],
      'teplo-security': ['teplo-config'],
      'teplo-openapi': [],
      'teplo-web': ['teplo-config'],
      'teplo-auth': ['teplo-config', 'teplo-db', 'teplo-events'],
      'teplo-events': [],
      'teplo-item-cache': ['teplo-config', 'teplo-events'],
      'teplo-mailer': ['teplo-config'],
      'teplo-live': ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-auth', 'teplo-item-cache'],
      'teplo-device-link': ['teplo-config', 'teplo-db', 'teplo-events'],
      'teplo-demo-devices': ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-device-link'],
    })
  })

  it('refuses to start when a plugin comes before one it depends on', async () => {
    const app = Fastify({ logger: false })
    app.register(configPlugin, { config: testConfig() })
    // The demo boilers need the device link (and the database and the events), none of which is there.
    app.register(demoDevices)
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' })
    await app.close()
  })
})

describe('JSON:API media type', () => {
  let app: TestApp
  let token: string

  beforeAll(async () => {
    app = await build()
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    token = await loginAs(app, admin.email, admin.password)
  })

  afterAll(async () => {
    await app?.closeAll()
  })

  it('marks the success answers of /api/v2 and their errors', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
    expect(me.statusCode).toBe(200)
    expect(me.headers['content-type']).toContain(JSON_API)
    const missing = await app.inject({ method: 'GET', url: '/api/v2/roles/9999', headers: bearer(token) })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toContain(JSON_API)
  })

  it('leaves the token answers and other paths plain JSON', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: admin.email, password: admin.password },
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['content-type']).toMatch(/^application\/json/)
    const health = await app.inject({ method: 'GET', url: '/health' })
    expect(health.headers['content-type']).toMatch(/^application\/json/)
  })
})
