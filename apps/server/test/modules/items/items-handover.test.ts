import { describe, expect, it } from 'vitest'
import { bearer, useDemoApp } from '../../support/helper.ts'

const demo = useDemoApp()

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

async function registerOwner(name: string, email: string) {
  const res = await demo.app.inject({
    method: 'POST',
    url: '/api/v2/register',
    payload: { name, email, password: 'owner-password', password_confirmation: 'owner-password' },
  })
  expect(res.statusCode).toBe(200)
  const token = res.json<{ access_token: string }>().access_token
  const me = await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })
  return { token, id: me.json().data.id as string }
}

async function itemIdBySerial(serial: string) {
  const res = await demo.app.inject({
    method: 'GET',
    url: '/api/v2/items?filter[scope]=all&page[size]=100',
    headers: bearer(demo.tokens.admin!),
  })
  expect(res.statusCode).toBe(200)
  const item = res.json().data.find((row: { attributes: { serial_number: string } }) => {
    return row.attributes.serial_number === serial
  })
  return item.id as string
}

const ownerCode = (itemId: string, token: string) =>
  demo.app.inject({ method: 'POST', url: `/api/v2/items/${itemId}/owner-code`, headers: bearer(token) })

const claim = (token: string, serial: string, code: string, remoteAddress = '10.1.0.1') =>
  demo.app.inject({
    method: 'POST',
    url: '/api/v2/items/claim',
    headers: bearer(token),
    payload: { serial_number: serial, code },
    remoteAddress,
  })

const myItems = async (token: string) => {
  const res = await demo.app.inject({
    method: 'GET',
    url: '/api/v2/items?filter[scope]=own',
    headers: bearer(token),
  })
  return res.json().data.map((row: { attributes: { serial_number: string } }) => row.attributes.serial_number)
}

describe('owner codes and claiming a device', () => {
  it('lets the installer issue a code, and a new owner take the device over with the serial and that code', async () => {
    const standId = await itemIdBySerial('100004') // the creator's paired stand
    const issued = await ownerCode(standId, demo.tokens.creator!)
    expect(issued.statusCode).toBe(201)
    const { code, serial_number, expires_at } = issued.json().data.attributes
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect(serial_number).toBe('100004')
    const daysLeft = (Date.parse(`${expires_at.replace(' ', 'T')}Z`) - Date.now()) / 86_400_000
    expect(daysLeft).toBeGreaterThan(13.9)

    const olena = await registerOwner('Олена Коваль', 'olena.claim@example.com')
    // Typed loosely: lower case, without the dash.
    const claimed = await claim(olena.token, '100004', code.replace('-', '').toLowerCase())
    expect(claimed.statusCode).toBe(200)
    expect(claimed.json().data).toMatchObject({
      id: standId,
      attributes: { owner: 'Олена Коваль', serial_number: '100004' },
      relationships: { user: { data: { type: 'users', id: olena.id } } },
    })
    expect(await myItems(olena.token)).toEqual(['100004'])
    // The installer handed it on and keeps nothing (ADR 033): the new owner invites them back if they want.
    expect(await myItems(demo.tokens.creator!)).not.toContain('100004')
    const creatorRead = await demo.app.inject({
      method: 'GET',
      url: `/api/v2/items/${standId}`,
      headers: bearer(demo.tokens.creator!),
    })
    expect(creatorRead.statusCode).toBe(404)
    expect(claimed.json().data.attributes.access).toBe('owner')

    // A code works once.
    const other = await registerOwner('Інший', 'other.claim@example.com')
    const again = await claim(other.token, '100004', code, '10.1.0.2')
    expect(again.statusCode).toBe(422)
    expect(await myItems(olena.token)).toEqual(['100004'])
  })

  it('answers an unknown serial exactly like a wrong code, and locks an address out after five wrong tries', async () => {
    const homeId = await itemIdBySerial('100001') // the admin's paired boiler
    const { code } = (await ownerCode(homeId, demo.tokens.admin!)).json().data.attributes
    const guesser = await registerOwner('Вгадувач', 'guesser@example.com')

    const unknown = await claim(guesser.token, '999999', 'AAAA-AAAA', '10.2.0.1')
    const wrong = await claim(guesser.token, '100001', 'AAAA-AAAA', '10.2.0.1')
    expect(unknown.statusCode).toBe(422)
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Невірний серійний номер або код. Залишилось спроб: 4.',
      source: { pointer: '/data/attributes/code' },
    })
    expect(unknown.json<ErrorDoc>().errors[0]?.detail).toBe(
      'Невірний серійний номер або код. Залишилось спроб: 4.',
    )

    for (let i = 0; i < 3; i++) await claim(guesser.token, '100001', 'BBBB-BBBB', '10.2.0.1')
    const fifth = await claim(guesser.token, '100001', 'CCCC-CCCC', '10.2.0.1')
    expect(fifth.json<ErrorDoc>().errors[0]?.detail).toMatch(/Забагато невдалих спроб/)
    // Locked: even the right code waits, and the answer says how long.
    const locked = await claim(guesser.token, '100001', code, '10.2.0.1')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800)
    expect(await myItems(guesser.token)).toEqual([])

    // Another address is not affected: the real owner claims with the code.
    const owner = await registerOwner('Справжній власник', 'real.owner@example.com')
    expect((await claim(owner.token, '100001', code, '10.2.0.9')).statusCode).toBe(200)
  })

  it('refuses codes for an unpaired device, to owners, and for devices the installer does not hold', async () => {
    const pendingId = await itemIdBySerial('100002')
    const pending = await ownerCode(pendingId, demo.tokens.admin!)
    expect(pending.statusCode).toBe(409)
    expect(pending.json<ErrorDoc>().errors[0]?.detail).toMatch(/ще не підключено/)

    const ownerBoilerId = await itemIdBySerial('100003')
    expect((await ownerCode(ownerBoilerId, demo.tokens.user!)).statusCode).toBe(403)
    expect((await ownerCode(ownerBoilerId, demo.tokens.creator!)).statusCode).toBe(404)
    expect((await ownerCode('abc', demo.tokens.admin!)).statusCode).toBe(400)
  })

  it('answers 422 on the fields of a malformed claim and 401 without a token', async () => {
    const { token } = await registerOwner('Поля', 'fields.claim@example.com')
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/items/claim',
      headers: bearer(token),
      payload: { serial_number: 'abc' },
    })
    expect(res.statusCode).toBe(422)
    expect(
      res
        .json<ErrorDoc>()
        .errors.map((e) => e.source?.pointer)
        .sort(),
    ).toEqual(['/data/attributes/code', '/data/attributes/serial_number'])
    const anonymous = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/items/claim',
      payload: { serial_number: '100001', code: 'AAAA-AAAA' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe("the installer's owner choice", () => {
  it('finds accounts by name or e-mail for installers only', async () => {
    await registerOwner('Марія Шевчук', 'maria.owner@example.com')
    const byEmail = await demo.app.inject({
      method: 'GET',
      url: `/api/v2/owners?filter[search]=${encodeURIComponent('MARIA.OWNER')}`,
      headers: bearer(demo.tokens.creator!),
    })
    expect(byEmail.statusCode).toBe(200)
    expect(byEmail.json().data).toEqual([
      {
        type: 'owners',
        id: expect.any(String),
        attributes: { name: 'Марія Шевчук', email: 'maria.owner@example.com' },
      },
    ])
    const byName = await demo.app.inject({
      method: 'GET',
      url: `/api/v2/owners?filter[search]=${encodeURIComponent('шевчук')}`,
      headers: bearer(demo.tokens.admin!),
    })
    expect(byName.json().data.map((o: { attributes: { email: string } }) => o.attributes.email)).toEqual([
      'maria.owner@example.com',
    ])
    const owner = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/owners',
      headers: bearer(demo.tokens.user!),
    })
    expect(owner.statusCode).toBe(403)
    const hostile = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/owners?filter[search]=%00',
      headers: bearer(demo.tokens.admin!),
    })
    expect(hostile.statusCode).toBe(400)
  })

  it('registers a device straight onto the chosen account, named after it', async () => {
    const taras = await registerOwner('Тарас', 'taras.owner@example.com')
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(demo.tokens.creator!),
      payload: {
        data: {
          type: 'items',
          attributes: { serial_number: '300001', name: 'Котел Тараса' },
          relationships: {
            category: { data: { type: 'categories', id: '1' } },
            user: { data: { type: 'users', id: taras.id } },
          },
        },
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data.attributes.owner).toBe('Тарас')
    expect(res.json().meta.verification_token).toMatch(/^[A-Z2-9]{4}$/)
    expect(await myItems(taras.token)).toEqual(['300001'])

    const missing = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(demo.tokens.creator!),
      payload: { serial_number: '300002', category_id: '1', user_id: '999999' },
    })
    expect(missing.statusCode).toBe(422)
    expect(missing.json<ErrorDoc>().errors[0]?.source?.pointer).toBe('/data/attributes/user_id')
    const nobody = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(demo.tokens.creator!),
      payload: { serial_number: '300003', category_id: '1' },
    })
    expect(nobody.statusCode).toBe(422)
    expect(nobody.json<ErrorDoc>().errors[0]?.source?.pointer).toBe('/data/attributes/owner')
  })

  it("hands a device over by admin PATCH, the owner's name following the account", async () => {
    const ivan = await registerOwner('Іван', 'ivan.owner@example.com')
    const id = await itemIdBySerial('300001')
    const res = await demo.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${id}`,
      headers: bearer(demo.tokens.admin!),
      payload: {
        data: { type: 'items', id, relationships: { user: { data: { type: 'users', id: ivan.id } } } },
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.attributes.owner).toBe('Іван')
    expect(await myItems(ivan.token)).toEqual(['300001'])
  })

  it("lists every account's devices to an admin with filter[scope]=all, and to no one else", async () => {
    const all = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/items?filter[scope]=all&page[size]=100',
      headers: bearer(demo.tokens.admin!),
    })
    const serials = all
      .json()
      .data.map((row: { attributes: { serial_number: string } }) => row.attributes.serial_number)
    expect(serials).toEqual(expect.arrayContaining(['100001', '100002', '100003', '100004', '300001']))
    const own = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/items',
      headers: bearer(demo.tokens.admin!),
    })
    expect(own.json().data.length).toBeLessThan(all.json().data.length)
    for (const role of ['creator', 'user']) {
      const res = await demo.app.inject({
        method: 'GET',
        url: '/api/v2/items?filter[scope]=all',
        headers: bearer(demo.tokens[role]!),
      })
      expect(res.statusCode, role).toBe(403)
    }
    const bad = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/items?filter[scope]=everyone',
      headers: bearer(demo.tokens.admin!),
    })
    expect(bad.statusCode).toBe(400)
  })
})
