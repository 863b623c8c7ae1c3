import {
  BASE_SETTINGS_REVISION,
  DEMO_ACCOUNTS,
  type SettingsAckMessage,
  settingsAckMessageSchema,
} from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import { device, link, row } from '../../support/device-link-harness.ts'
import { readItem, waitFor } from '../../support/device-support.ts'
import { bearer, loginAs, openTestDatabase, testConfig } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// Settings that exist only in tests (a number, frost_guard_temp, and a switch, burner_cleaning): added to the
// registry with the next protocol revision, with the migration a developer would write, and nothing else.
// Everything below must follow from them, and a controller of the base revision must keep working (ADR 051).
vi.mock('../../../../../packages/domain/src/settings/registry.ts', async (importOriginal) => {
  const { withTestOnlySettings } = await import(
    '../../../../../packages/domain/src/settings/test-only-settings.test-data.ts'
  )
  return withTestOnlySettings(await importOriginal<{ ITEM_SETTINGS: object }>())
})

const simulators: ReturnType<typeof startSimulator>[] = []
beforeAll(async () => {
  const database = await openTestDatabase()
  // The migration: one column named after the setting, its default the factory value.
  await database.db.execute(sql`alter table items
    add column frost_guard_temp double precision not null default 5,
    add column burner_cleaning boolean not null default false`)
  const app = await buildApp({
    config: testConfig({ MQTT_ENABLED: 'true', MQTT_HOST: '127.0.0.1', MQTT_PORT: '0' }),
    database,
  })
  await app.ready()
  link.app = Object.assign(app, { closeAll: async () => app.close().then(() => database.close()) })
  link.adminToken = await loginAs(app, admin.email, admin.password)
  link.brokerUrl = app.deviceLink!.transport.address
})
afterAll(async () => {
  await Promise.all(simulators.map((simulator) => simulator.stop()))
  await link.app?.closeAll()
})

const patch = (itemId: number, payload: Record<string, unknown>) =>
  link.app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${itemId}`,
    headers: bearer(link.adminToken),
    payload,
  })

/** A part of the OpenAPI document as text, with the component schemas it refers to (and theirs) appended. */
function withReferences(part: object, components: Record<string, object>): string {
  const seen = new Set<string>()
  const texts = [JSON.stringify(part)]
  for (let i = 0; i < texts.length; i++)
    for (const [, name] of texts[i]!.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      if (name && !seen.has(name)) {
        seen.add(name)
        texts.push(JSON.stringify(components[name] ?? {}))
      }
  return texts.join('\n')
}

describe('a setting added to the registry', () => {
  it('is validated, stored, documented, sent to the controller and acknowledged with no other change', async () => {
    const dev = await device()
    // The simulator acts as a current controller: it knows every setting of the registry.
    const simulator = startSimulator({ url: link.brokerUrl, devices: [dev], intervalSeconds: 60 })
    simulators.push(simulator)
    const agent = simulator.device(dev.serial)!
    const acks: SettingsAckMessage[] = []
    agent.on('ack', (ack) => acks.push(ack))
    await simulator.whenConnected()

    // The item document carries it, with the factory value.
    expect(await readItem(link.app, link.adminToken, dev.itemId)).toMatchObject({
      frost_guard_temp: 5,
      burner_cleaning: false,
    })

    // PATCH validates it with its own range and keeps it in its group.
    const outOfRange = await patch(dev.itemId, { frost_guard_temp: 20 })
    expect(outOfRange.statusCode).toBe(422)
    expect(outOfRange.json().errors[0]).toMatchObject({
      detail: 'Значення має бути від 3 до 15',
      source: { pointer: '/data/attributes/frost_guard_temp' },
    })
    const mixed = await patch(dev.itemId, { frost_guard_temp: 7, boiler_temp_set: 40 })
    expect(mixed.statusCode).toBe(422)
    expect(mixed.json().errors[0].source.pointer).toBe('/data/attributes/boiler_temp_set')

    const saved = await patch(dev.itemId, { frost_guard_temp: 7 })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data.attributes).toMatchObject({ frost_guard_temp: 7, sync_status: 'pending' })
    const stored = await link.app.db.execute(sql`select frost_guard_temp from items where id = ${dev.itemId}`)
    expect(JSON.stringify(stored)).toContain('"frost_guard_temp":7')

    // A switch is read as the specification's client sends switches ("1") and joins its group (power).
    const cleaning = await patch(dev.itemId, { burner_cleaning: '1' })
    expect(cleaning.statusCode).toBe(200)
    expect(cleaning.json().data.attributes).toMatchObject({ burner_cleaning: true, frost_guard_temp: 7 })
    expect((await patch(dev.itemId, { burner_cleaning: true, frost_guard_temp: 6 })).statusCode).toBe(422)

    // The simulated controller receives them in the desired settings and answers with them in effect.
    // The fake setting is not in the static types; its wire name is read as any key.
    const applied = (a: SettingsAckMessage) => a.applied as Record<string, unknown>
    const ack = await waitFor(
      () => acks.find((a) => applied(a).frost_guard_temp === 7 && applied(a).burner_cleaning === true),
      10_000,
      'the ack',
    )
    expect(ack.result).toBe('applied')
    expect(settingsAckMessageSchema.safeParse(ack).success).toBe(true)
    // The ack is on its way to the server when the agent reports it sent.
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 5000, 'synced')

    expect(await readItem(link.app, link.adminToken, dev.itemId)).toMatchObject({ unsupported_settings: [] })

    // An acknowledgement without a base setting is not a settings set and is dropped; one without the newer
    // setting is an older controller's, and valid.
    const { heater_temp_set: _base, ...withoutBase } = applied(ack)
    expect(settingsAckMessageSchema.safeParse({ ...ack, applied: withoutBase }).success).toBe(false)
    const { frost_guard_temp: _newer, ...withoutNewer } = applied(ack)
    expect(settingsAckMessageSchema.safeParse({ ...ack, applied: withoutNewer }).success).toBe(true)

    // And the API documentation lists it in the PATCH body.
    const spec = (await link.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    // Every media type of the PATCH body (the JSON:API envelope and the flat form) names it.
    const content = spec.paths['/api/v2/items/{id}'].patch.requestBody.content as Record<string, object>
    expect(Object.keys(content).length).toBeGreaterThan(0)
    for (const [type, body] of Object.entries(content))
      expect(withReferences(body, spec.components?.schemas ?? {}), type).toContain('frost_guard_temp')
  })
})

describe('a controller older than a setting', () => {
  it('is synced for the settings it has, and a change of the one it lacks is not reported as applied', async () => {
    const dev = await device()
    const simulator = startSimulator({
      url: link.brokerUrl,
      devices: [{ ...dev, settingsRevision: BASE_SETTINGS_REVISION }],
      intervalSeconds: 60,
    })
    simulators.push(simulator)
    const acks: SettingsAckMessage[] = []
    simulator.device(dev.serial)!.on('ack', (ack) => acks.push(ack))
    await simulator.whenConnected()
    // Its answer to the set it finds on connecting tells the server what it lacks.
    const first = await waitFor(() => acks[0], 10_000, 'the first ack')
    expect(first.applied).not.toHaveProperty('frost_guard_temp')
    const lacking = async () => (await readItem(link.app, link.adminToken, dev.itemId)).unsupported_settings
    await waitFor(async () => ((await lacking()) as string[]).length > 0, 5000, 'the settings it lacks')
    expect(await readItem(link.app, link.adminToken, dev.itemId)).toMatchObject({
      sync_status: 'synced',
      unsupported_settings: ['frost_guard_temp', 'burner_cleaning'],
    })

    // A change of a setting it lacks: stored and sent, the ack (without it) accepted, the item synced.
    const saved = await patch(dev.itemId, { frost_guard_temp: 9 })
    expect(saved.statusCode).toBe(200)
    const version = saved.json().data.attributes.settings_version as number
    const ack = await waitFor(() => acks.find((a) => a.version === version), 10_000, 'the ack')
    expect(ack.result).toBe('applied')
    expect(ack.applied).not.toHaveProperty('frost_guard_temp')
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 5000, 'synced')
    const item = await readItem(link.app, link.adminToken, dev.itemId)
    expect(item).toMatchObject({ frost_guard_temp: 9, sync_status: 'synced', sync_reason: null })
    expect(item.reported_settings).not.toHaveProperty('frost_guard_temp')

    // It still applies what it knows.
    const heater = await patch(dev.itemId, { heater_temp_set: 64 })
    const heaterVersion = heater.json().data.attributes.settings_version as number
    await waitFor(() => acks.find((a) => a.version === heaterVersion), 10_000, 'the second ack')
    await waitFor(async () => (await row(dev.itemId)).syncStatus === 'synced', 5000, 'synced again')
    expect((await readItem(link.app, link.adminToken, dev.itemId)).reported_settings).toMatchObject({
      heater_temp_set: 64,
    })

    // The change log says which change the controller could not apply, and why.
    const audit = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}/audit`,
      headers: bearer(link.adminToken),
    })
    const entries = (audit.json().data as { attributes: Record<string, unknown> }[]).map((e) => e.attributes)
    expect(entries.find((e) => 'frost_guard_temp' in (e.changes as object))).toMatchObject({
      outcome: 'refused',
      reason: 'frost_guard_temp: не підтримується цим контролером',
    })
    expect(entries.find((e) => 'heater_temp_set' in (e.changes as object))).toMatchObject({
      outcome: 'applied',
    })
  })
})
