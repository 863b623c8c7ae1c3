import fs from 'node:fs/promises'
import type { SettingsAckMessage } from '@teplo/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemAudit, itemHandovers, itemShares, items, users } from '../../../src/db/schema.ts'
import { applySettingsAck } from '../../../src/modules/device-link/device-reports.ts'
import { usersWithAccess } from '../../../src/modules/items/item-access.ts'
import { build, type TestApp } from '../../support/helper.ts'
import { mailFiles, readMail, waitForMails } from '../../support/mail-files.ts'
import { addDevice, addPerson, type Person, request, tempDataDir } from '../../support/sharing-fixture.ts'

let app: TestApp
let dataDir: string
let owner: Person
let installer: Person
let family: Person
let neighbour: Person

beforeAll(async () => {
  dataDir = await tempDataDir()
  app = await build({ DATA_DIR: dataDir, APP_URL: 'http://teplo.test' })
  owner = await addPerson(app, 'owner@share.test', 'user')
  installer = await addPerson(app, 'installer@share.test', 'creator')
  family = await addPerson(app, 'family@share.test', 'user')
  neighbour = await addPerson(app, 'neighbour@share.test', 'user')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type Doc = { data: { id: string; type: string; attributes: Record<string, unknown> } }
type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

/** The mails written since `before` files existed, to one address. */
async function newMailTo(before: number, to: string) {
  const files = (await waitForMails(dataDir, before + 1)).slice(before)
  const mails = await Promise.all(files.map(readMail))
  const mail = mails.find((m) => m.to === to)
  expect(mail, `a mail to ${to}`).toBeDefined()
  return mail!
}
const tokenOf = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] ?? ''
const auditOf = async (itemId: number) =>
  app.db.select().from(itemAudit).where(eq(itemAudit.itemId, itemId)).orderBy(itemAudit.id)

describe('sharing with an existing account', () => {
  it('grants the level at once, lists the device with it, notifies by e-mail, and logs it', async () => {
    const device = await addDevice(app, owner.id)
    const mailsBefore = (await mailFiles(dataDir)).length
    const res = await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: ' Family@Share.test ',
      access: 'operator',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json<Doc>().data).toMatchObject({
      type: 'shares',
      attributes: { access: 'operator', email: family.email, name: 'family' },
    })
    const list = await request(app, family).get('/api/v2/items')
    const shared = list.json<{ data: Doc['data'][] }>().data.find((row) => row.id === String(device.id))
    expect(shared?.attributes.access).toBe('operator')
    // An operator does not get the device link's service data.
    expect(shared?.attributes.device_link).toBeNull()
    expect((await request(app, family).get('/api/v2/items?filter[scope]=own')).json().data).toEqual([])
    const mail = await newMailTo(mailsBefore, family.email)
    expect(mail.subject).toBe('Teplo: вам надано доступ до котла')
    expect(mail.text).toContain(device.name)
    expect((await auditOf(device.id)).map((e) => [e.action, e.subjectEmail, e.subjectAccess])).toEqual([
      ['share-granted', family.email, 'operator'],
    ])
    expect(await usersWithAccess(app.db, device.id)).toEqual([
      { userId: owner.id, level: 'owner' },
      { userId: family.id, level: 'operator' },
    ])
  })

  it('lets an operator change settings and a viewer only look', async () => {
    const device = await addDevice(app, owner.id, [
      [family.id, 'operator'],
      [neighbour.id, 'viewer'],
    ])
    const url = `/api/v2/items/${device.id}`
    const operated = await request(app, family).patch(url, { heater_temp_set: 61, heater_hysteresis: 4 })
    expect(operated.statusCode).toBe(200)
    const watched = await request(app, neighbour).patch(url, { heater_temp_set: 62 })
    expect(watched.statusCode).toBe(403)
    expect((await request(app, neighbour).patch(url, { status: 'off' })).statusCode).toBe(403)
    expect((await request(app, neighbour).get(url)).json<Doc>().data.attributes).toMatchObject({
      access: 'viewer',
      heater_temp_set: 61,
    })
    const range = `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date().toISOString()}`
    expect(
      (await request(app, neighbour).get(`/api/v2/items/${device.id}/history?${range}`)).statusCode,
    ).toBe(200)
  })

  it('refuses the owner, oneself, a second share and anyone but the owner managing (nobody raises their own level)', async () => {
    const device = await addDevice(app, owner.id, [[family.id, 'viewer']])
    const shares = `/api/v2/items/${device.id}/shares`
    const ownerAgain = await request(app, owner).post(shares, { email: owner.email, access: 'viewer' })
    expect(ownerAgain.statusCode).toBe(422)
    expect(ownerAgain.json<ErrorDoc>().errors[0]?.source?.pointer).toBe('/data/attributes/email')
    const twice = await request(app, owner).post(shares, { email: family.email, access: 'operator' })
    expect(twice.json<ErrorDoc>().errors[0]?.detail).toBe(
      'Цей користувач уже має доступ: змініть його рівень у списку',
    )
    // The viewer may neither raise their own share nor grant anyone anything.
    const [mine] = (await request(app, family).get(shares)).json<{ data: Doc['data'][] }>().data
    expect(mine?.attributes.email).toBe(family.email)
    expect(
      (await request(app, family).patch(`${shares}/${mine!.id}`, { access: 'operator' })).statusCode,
    ).toBe(403)
    expect(
      (await request(app, family).post(shares, { email: neighbour.email, access: 'viewer' })).statusCode,
    ).toBe(403)
    // A stranger learns nothing, not even the body's rules.
    expect((await request(app, neighbour).post(shares, { email: 'x' })).statusCode).toBe(404)
    const stored = await app.db.select().from(itemShares).where(eq(itemShares.itemId, device.id))
    expect(stored.map((s) => [s.userId, s.access])).toEqual([[family.id, 'viewer']])
  })

  it('changes a level, revokes (access ends at once) and lets a shared user leave', async () => {
    const device = await addDevice(app, owner.id, [
      [family.id, 'viewer'],
      [neighbour.id, 'operator'],
    ])
    const shares = `/api/v2/items/${device.id}/shares`
    const all = (await request(app, owner).get(shares)).json<{ data: Doc['data'][] }>().data
    const familyShare = all.find((s) => s.attributes.email === family.email)!
    const neighbourShare = all.find((s) => s.attributes.email === neighbour.email)!
    // As the web app sends it: a JSON:API document of type shares with the share's id (not the device's).
    const changed = await request(app, owner).patch(`${shares}/${familyShare.id}`, {
      data: { type: 'shares', id: familyShare.id, attributes: { access: 'operator' } },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<Doc>().data.attributes.access).toBe('operator')
    // Another type, or another share's id, is a conflict.
    const wrongType = await request(app, owner).patch(`${shares}/${familyShare.id}`, {
      data: { type: 'items', id: familyShare.id, attributes: { access: 'viewer' } },
    })
    expect(wrongType.statusCode).toBe(409)
    const wrongId = await request(app, owner).patch(`${shares}/${familyShare.id}`, {
      data: { type: 'shares', id: neighbourShare.id, attributes: { access: 'viewer' } },
    })
    expect(wrongId.statusCode).toBe(409)
    // The neighbour cannot remove the family's share; it is not even shown to them.
    expect((await request(app, neighbour).delete(`${shares}/${familyShare.id}`)).statusCode).toBe(404)
    expect((await request(app, owner).delete(`${shares}/${familyShare.id}`)).statusCode).toBe(204)
    expect((await request(app, family).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)
    expect((await request(app, neighbour).delete(`${shares}/${neighbourShare.id}`)).statusCode).toBe(204)
    expect((await request(app, neighbour).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)
    expect((await auditOf(device.id)).map((e) => e.action)).toEqual([
      'share-changed',
      'share-revoked',
      'share-left',
    ])
  })
})

describe('invitations by e-mail', () => {
  it('mails an unknown address a single-use link; it registers and accepts', async () => {
    const device = await addDevice(app, owner.id)
    const before = (await mailFiles(dataDir)).length
    const invited = await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: 'new-person@share.test',
      access: 'viewer',
    })
    expect(invited.statusCode).toBe(202)
    expect(invited.json<Doc>().data).toMatchObject({
      type: 'invitations',
      attributes: { email: 'new-person@share.test', access: 'viewer', item_name: device.name },
    })
    const mail = await newMailTo(before, 'new-person@share.test')
    expect(mail.subject).toBe('Teplo: запрошення до котла')
    expect(mail.text).toContain('http://teplo.test/invitations/accept?token=')
    const token = tokenOf(mail.text)
    // Only the digest is kept.
    const [row] = await app.db.select().from(itemHandovers).where(eq(itemHandovers.itemId, device.id))
    expect(row?.codeHash).not.toContain(token)
    expect(row?.codeHash).toHaveLength(64)

    const preview = await request(app, null).post('/api/v2/invitations/preview', { token })
    expect(preview.json<Doc>().data.attributes).toMatchObject({ access: 'viewer', invited_by: 'owner' })

    const registered = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      payload: {
        name: 'Нова',
        email: 'new-person@share.test',
        password: 'password-123',
        password_confirmation: 'password-123',
      },
    })
    const person = { id: 0, email: 'new-person@share.test', token: registered.json().access_token as string }
    // An address not proven yet is matched to no invitation (ADR 034): the mailed link is what proves it.
    expect((await request(app, person).get('/api/v2/invitations')).json().data).toEqual([])

    const accepted = await request(app, person).post('/api/v2/invitations/accept', { token })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json<Doc>().data).toMatchObject({
      id: String(device.id),
      attributes: { access: 'viewer' },
    })
    const again = await request(app, person).post('/api/v2/invitations/accept', { token })
    expect(again.statusCode).toBe(422)
    expect(again.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Це запрошення вже прийнято: посилання діє лише один раз',
      source: { pointer: '/data/attributes/token' },
    })
    expect((await request(app, person).get('/api/v2/invitations')).json().data).toEqual([])
  })

  it('refuses an expired link, a wrong account and a made-up token with clear messages', async () => {
    const device = await addDevice(app, owner.id)
    const before = (await mailFiles(dataDir)).length
    await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: family.email,
      access: 'owner',
    })
    const token = tokenOf((await newMailTo(before, family.email)).text)

    const wrong = await request(app, neighbour).post('/api/v2/invitations/accept', { token })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json<ErrorDoc>().errors[0]?.detail).toBe(
      `Це запрошення надіслано на адресу ${family.email}: увійдіть або зареєструйтеся з нею, щоб прийняти його`,
    )
    const madeUp = await request(app, family).post('/api/v2/invitations/accept', { token: 'nothing-like-it' })
    expect(madeUp.json<ErrorDoc>().errors[0]?.detail).toBe('Запрошення недійсне: перевірте посилання з листа')

    await app.db
      .update(itemHandovers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(itemHandovers.itemId, device.id))
    const expired = await request(app, family).post('/api/v2/invitations/accept', { token })
    expect(expired.statusCode).toBe(422)
    expect(expired.json<ErrorDoc>().errors[0]?.detail).toBe(
      'Термін дії запрошення минув: попросіть власника надіслати нове',
    )
    expect((await request(app, null).post('/api/v2/invitations/preview', { token })).statusCode).toBe(422)
    expect((await app.db.select().from(items).where(eq(items.id, device.id)))[0]?.userId).toBe(owner.id)
  })

  it('withdraws an invitation whose mail cannot be sent: 503, and neither it nor its log entry is kept', async () => {
    const device = await addDevice(app, owner.id)
    const send = app.mailer.send
    app.mailer.send = async () => {
      throw new Error('SMTP down')
    }
    try {
      const res = await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
        email: 'unreachable@share.test',
        access: 'viewer',
      })
      expect(res.statusCode).toBe(503)
      expect(res.json<ErrorDoc>().errors[0]?.detail).toBe(
        'Не вдалося надіслати лист із запрошенням. Спробуйте пізніше.',
      )
    } finally {
      app.mailer.send = send
    }
    expect(await app.db.select().from(itemHandovers).where(eq(itemHandovers.itemId, device.id))).toEqual([])
    expect(await auditOf(device.id)).toEqual([])
  })

  it('lets the owner list and withdraw an invitation, and the addressee decline one', async () => {
    const device = await addDevice(app, owner.id)
    const url = `/api/v2/items/${device.id}/invitations`
    await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: 'a@share.test',
      access: 'viewer',
    })
    await request(app, owner).post(`/api/v2/items/${device.id}/shares`, {
      email: family.email,
      access: 'owner',
    })
    const pending = (await request(app, owner).get(url)).json<{ data: Doc['data'][] }>().data
    expect(pending.map((i) => i.attributes.email).sort()).toEqual(['a@share.test', family.email])
    const forA = pending.find((i) => i.attributes.email === 'a@share.test')!
    expect((await request(app, owner).delete(`${url}/${forA.id}`)).statusCode).toBe(204)
    const forFamily = (await request(app, family).get('/api/v2/invitations')).json<{ data: Doc['data'][] }>()
      .data[0]!
    expect((await request(app, neighbour).delete(`/api/v2/invitations/${forFamily.id}`)).statusCode).toBe(404)
    expect((await request(app, family).delete(`/api/v2/invitations/${forFamily.id}`)).statusCode).toBe(204)
    expect((await request(app, owner).get(url)).json().data).toEqual([])
  })
})

describe('handover to the customer', () => {
  it('the installer offers the device by e-mail, the customer accepts in the app, and invites the installer back', async () => {
    const device = await addDevice(app, installer.id)
    const offered = await request(app, installer).post(`/api/v2/items/${device.id}/shares`, {
      email: neighbour.email,
      access: 'owner',
    })
    // Even an existing account gets an offer to accept, never a device pushed onto it.
    expect(offered.statusCode).toBe(202)
    const [invitation] = (await request(app, neighbour).get('/api/v2/invitations')).json<{
      data: Doc['data'][]
    }>().data
    expect(invitation?.attributes).toMatchObject({
      access: 'owner',
      invited_by: 'installer',
      losing_access: [{ name: 'installer', access: 'owner', installer: true, email: installer.email }],
    })
    const accepted = await request(app, neighbour).post(`/api/v2/invitations/${invitation!.id}/accept`)
    expect(accepted.json<Doc>().data.attributes).toMatchObject({ access: 'owner', owner: 'neighbour' })
    // The previous holder keeps nothing (ADR 033), installer or not.
    expect((await request(app, installer).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)
    expect((await auditOf(device.id)).map((e) => e.action)).toEqual([
      'handover-offered',
      'invitation-accepted',
      'handover',
      'share-revoked',
    ])
    // The new owner invites the installer back: an existing account gets installer access at once.
    const back = await request(app, neighbour).post(`/api/v2/items/${device.id}/shares`, {
      email: installer.email,
      access: 'installer',
    })
    expect(back.statusCode).toBe(201)
    const installerView = await request(app, installer).get(`/api/v2/items/${device.id}`)
    expect(installerView.json<Doc>().data.attributes.access).toBe('installer')
  })
})

describe('the change log', () => {
  it('records settings old → new, settled by the controller, and on/off and archive; for owner, installer, admin', async () => {
    const device = await addDevice(app, installer.id, [[family.id, 'operator']])
    const url = `/api/v2/items/${device.id}`
    await request(app, family).patch(url, { heater_temp_set: 66, heater_hysteresis: 3 })
    await request(app, family).patch(url, { boiler_temp_set: 50, boiler_hysteresis: 2 })
    await request(app, installer).patch(url, { status: 'off' })
    const [current] = await app.db.select().from(items).where(eq(items.id, device.id))
    const ack = (version: number, result: 'applied' | 'refused') =>
      ({
        version,
        result,
        reason: result === 'refused' ? 'поза межами' : undefined,
        ts: new Date().toISOString(),
        applied: {},
        applied_version: version,
      }) as unknown as SettingsAckMessage
    await applySettingsAck(app.db, device.serialNumber, ack(current!.settingsVersion, 'refused'))
    await request(app, installer).patch(url, { name: 'Котел у гаражі' })

    const log = await request(app, installer).get(`${url}/audit`)
    expect(log.statusCode).toBe(200)
    const entries = log.json<{ data: Doc['data'][]; meta: { page: { total: number } } }>()
    expect(entries.meta.page.total).toBe(4)
    expect(entries.data.map((e) => [e.attributes.action, e.attributes.outcome])).toEqual([
      ['edit', null],
      ['power', 'refused'],
      ['settings', 'superseded'],
      ['settings', 'superseded'],
    ])
    expect(entries.data[3]?.attributes).toMatchObject({
      actor_name: 'family',
      changes: { heater_temp_set: { from: device.heaterTempSet, to: 66 }, heater_hysteresis: { to: 3 } },
    })
    expect(entries.data[1]?.attributes).toMatchObject({
      changes: { power: { from: 'on', to: 'off' } },
      reason: 'поза межами',
    })
    // Operators and viewers use the device; its log is for who is responsible for it.
    expect((await request(app, family).get(`${url}/audit`)).statusCode).toBe(403)
    expect((await request(app, neighbour).get(`${url}/audit`)).statusCode).toBe(404)
  })

  it('is written in the transaction of the change: a failed change leaves no entry and a failed entry no change', async () => {
    const device = await addDevice(app, installer.id)
    const url = `/api/v2/items/${device.id}`
    // Refused after the log entry was written: the offer accepted on an archived device rolls back whole.
    await request(app, installer).post(`${url}/shares`, { email: family.email, access: 'owner' })
    const [invitation] = (await request(app, family).get('/api/v2/invitations')).json<{
      data: Doc['data'][]
    }>().data
    await app.db.update(items).set({ status: 'archive' }).where(eq(items.id, device.id))
    const refused = await request(app, family).post(`/api/v2/invitations/${invitation!.id}/accept`)
    expect(refused.statusCode).toBe(409)
    expect((await auditOf(device.id)).map((e) => e.action)).toEqual(['handover-offered'])
    const [offer] = await app.db
      .select()
      .from(itemHandovers)
      .where(and(eq(itemHandovers.itemId, device.id), eq(itemHandovers.kind, 'invitation')))
    expect(offer?.claimedAt).toBeNull()
    await app.db.update(items).set({ status: 'on' }).where(eq(items.id, device.id))

    // The log refusing the entry: the setting is not changed either.
    await app.db.execute(
      sql.raw(
        `alter table item_audit add constraint item_audit_test_refuses check (action <> 'settings') not valid`,
      ),
    )
    try {
      const res = await request(app, installer).patch(url, { heater_temp_set: 44, heater_hysteresis: 5 })
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
    } finally {
      await app.db.execute(sql.raw('alter table item_audit drop constraint item_audit_test_refuses'))
    }
    const [after] = await app.db.select().from(items).where(eq(items.id, device.id))
    expect(after?.heaterTempSet).toBe(device.heaterTempSet)
    expect(after?.settingsVersion).toBe(device.settingsVersion)
  })
})

describe("the e-mails' language", () => {
  const setLanguage = (id: number, language: 'uk' | 'en') =>
    app.db.update(users).set({ language }).where(eq(users.id, id))

  it("writes to an account in its language, and to an address without one in the sender's", async () => {
    const english = await addPerson(app, 'english@share.test', 'user')
    await setLanguage(english.id, 'en')
    try {
      const device = await addDevice(app, owner.id)
      const shares = `/api/v2/items/${device.id}/shares`

      // A Ukrainian owner grants an English account access: the notice is English.
      let before = (await mailFiles(dataDir)).length
      expect(
        (await request(app, owner).post(shares, { email: english.email, access: 'operator' })).statusCode,
      ).toBe(201)
      const granted = await newMailTo(before, english.email)
      expect(granted.subject).toBe('Teplo: you have been given access to a boiler')
      expect(granted.text).toContain(`owner gave you “Control” access to the boiler “${device.name}”.`)
      expect(granted.text).toContain('http://teplo.test/dashboards')

      // …and offers ownership to a Ukrainian account: Ukrainian, as before.
      before = (await mailFiles(dataDir)).length
      expect(
        (await request(app, owner).post(shares, { email: neighbour.email, access: 'owner' })).statusCode,
      ).toBe(202)
      const handover = await newMailTo(before, neighbour.email)
      expect(handover.subject).toBe('Teplo: передача котла')
      expect(handover.text).toContain(`owner пропонує передати вам котел «${device.name}» у власність.`)

      // An English owner invites an address without an account: English; a Ukrainian account stays Ukrainian.
      await setLanguage(owner.id, 'en')
      before = (await mailFiles(dataDir)).length
      expect(
        (await request(app, owner).post(shares, { email: 'nobody-yet@share.test', access: 'viewer' }))
          .statusCode,
      ).toBe(202)
      const invitation = await newMailTo(before, 'nobody-yet@share.test')
      expect(invitation.subject).toBe('Teplo: an invitation to a boiler')
      expect(invitation.text).toContain(
        `owner invites you to the boiler “${device.name}” with “View” access (only sees the boiler's state and history).`,
      )
      expect(invitation.text).toContain('http://teplo.test/invitations/accept?token=')
      before = (await mailFiles(dataDir)).length
      expect(
        (await request(app, owner).post(shares, { email: family.email, access: 'owner' })).statusCode,
      ).toBe(202)
      expect((await newMailTo(before, family.email)).subject).toBe('Teplo: передача котла')
    } finally {
      await setLanguage(owner.id, 'uk')
    }
  })
})
