import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, errorsOf, JSON_API, useDemoApp } from '../support/helper.ts'
import { addDevice, addPerson, type Person } from '../support/sharing-fixture.ts'

// A resource read with GET and sent back whole with PATCH (Ember Data, Laravel's clients): read-only members equal
// to the stored ones are no change; a different one is 403 on its pointer; an unknown member stays 422 (ADR 050).
const demo = useDemoApp()

type Resource = { type: string; id: string; attributes: Record<string, unknown>; relationships?: unknown }

let owner: Person
let itemId: number

beforeAll(async () => {
  owner = await addPerson(demo.app, `read-only-${Date.now()}@test.ua`, 'user')
  itemId = (await addDevice(demo.app, owner.id)).id
})

async function read(url: string, token: string): Promise<Resource> {
  const res = await demo.app.inject({ method: 'GET', url, headers: bearer(token) })
  expect(res.statusCode, url).toBe(200)
  return res.json<{ data: Resource }>().data
}

const sendBack = (url: string, token: string, resource: Resource, attributes: Record<string, unknown>) =>
  demo.app.inject({
    method: 'PATCH',
    url,
    headers: { ...bearer(token), 'content-type': JSON_API },
    payload: { data: { ...resource, attributes: { ...resource.attributes, ...attributes } } },
  })

describe('the weekly schedule sent back', () => {
  const url = () => `/api/v2/items/${itemId}/schedule`

  it('saves with what changed, its read-only members (time_zone, sync_status, …) equal to the stored ones', async () => {
    const schedule = await read(url(), owner.token)
    expect(schedule.attributes).toHaveProperty('time_zone')
    const res = await sendBack(url(), owner.token, schedule, { heater_reduction: 7, enabled: true })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes).toMatchObject({ heater_reduction: 7, enabled: true })
    expect((await read(url(), owner.token)).attributes.heater_reduction).toBe(7)
  })

  it('is refused with 403 on each read-only member that differs, and nothing changes', async () => {
    const schedule = await read(url(), owner.token)
    const res = await sendBack(url(), owner.token, schedule, {
      heater_reduction: 9,
      time_zone: 'Europe/London',
      sync_status: schedule.attributes.sync_status === 'synced' ? 'refused' : 'synced',
    })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res).map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/time_zone',
      '/data/attributes/sync_status',
    ])
    expect(errorsOf(res)[0]!.detail).toBe('time_zone лише для читання: його не можна змінити')
    expect((await read(url(), owner.token)).attributes.heater_reduction).toBe(7)
  })

  it('keeps an unknown member a 422, and an echo with no change answers the schedule as it is', async () => {
    const schedule = await read(url(), owner.token)
    const unknown = await sendBack(url(), owner.token, schedule, { colour: 'red' })
    expect(unknown.statusCode).toBe(422)
    expect(errorsOf(unknown)[0]!.detail).toContain('colour')
    const same = await sendBack(url(), owner.token, schedule, {})
    expect(same.statusCode).toBe(200)
    expect(same.json().data.attributes.settings_version).toBe(schedule.attributes.settings_version)
  })

  it('still takes the flat form with only the members to change', async () => {
    const res = await demo.app.inject({
      method: 'PATCH',
      url: url(),
      headers: bearer(owner.token),
      payload: { boiler_reduction: 4 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes.boiler_reduction).toBe(4)
  })
})

describe('the service settings sent back', () => {
  const url = () => `/api/v2/items/${itemId}/service-settings`

  it('save with what changed; a different read-only member is 403', async () => {
    const settings = await read(url(), demo.tokens.admin!)
    const [name, value] = Object.entries(settings.attributes).find(([, v]) => typeof v === 'number') as [
      string,
      number,
    ]
    expect(settings.attributes.editable).toBe(true)
    const changed = value + 1
    const saved = await sendBack(url(), demo.tokens.admin!, settings, { [name]: changed })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.attributes[name]).toBe(changed)

    const fresh = await read(url(), demo.tokens.admin!)
    const refused = await sendBack(url(), demo.tokens.admin!, fresh, { custom: !fresh.attributes.custom })
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]!.source?.pointer).toBe('/data/attributes/custom')
  })

  it('are refused to a household owner for the right first, whatever the body', async () => {
    const settings = await read(url(), owner.token)
    const res = await sendBack(url(), owner.token, settings, { custom: 'nonsense' })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res)[0]!.source).toBeUndefined()
  })
})

describe('the device sent back', () => {
  const url = () => `/api/v2/items/${itemId}`

  it('saves a changed setting with its registration data and status as they were', async () => {
    const item = await read(url(), owner.token)
    const setting = Object.keys(item.attributes).find((key) => key === 'heater_temp_set')
    expect(setting).toBeDefined()
    const wanted = Number(item.attributes.heater_temp_set) === 60 ? 61 : 60
    const res = await sendBack(url(), owner.token, item, { heater_temp_set: wanted })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.attributes.heater_temp_set).toBe(wanted)
  })

  it('is refused with 403 for a reading it does not take (the sync status, the serial number)', async () => {
    const item = await read(url(), owner.token)
    const res = await sendBack(url(), owner.token, item, { sync_status: 'refused', serial_number: 'X-1' })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res).map((error) => error.source?.pointer)).toContain('/data/attributes/sync_status')
  })

  it('is refused for a stale copy: a read-only member changed since it was read', async () => {
    const item = await read(url(), owner.token)
    const res = await sendBack(url(), owner.token, item, { updated_at: '2000-01-01 00:00:00' })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res)[0]!.source?.pointer).toBe('/data/attributes/updated_at')
  })

  it('is hidden from a stranger before anything in the body is judged', async () => {
    const stranger = await addPerson(demo.app, `stranger-${Date.now()}@test.ua`, 'user')
    const item = await read(url(), owner.token)
    const res = await sendBack(url(), stranger.token, item, { sync_status: 'refused' })
    expect(res.statusCode).toBe(404)
  })
})
