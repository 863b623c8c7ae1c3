// Signing up through a mailed invitation (ADR 048): the invited address is proven and the offer accepted at once;
// any other address is refused before an account exists and leaves the offer to its addressee.
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemHandovers, items, users } from '../../../src/db/schema.ts'
import { build, type TestApp } from '../../support/helper.ts'
import { mailFiles, readMail, waitForMails } from '../../support/mail-files.ts'
import { addDevice, addPerson, type Person, request, tempDataDir } from '../../support/sharing-fixture.ts'

let app: TestApp
let dataDir: string
let owner: Person
let installer: Person

beforeAll(async () => {
  dataDir = await tempDataDir()
  app = await build({ DATA_DIR: dataDir, APP_URL: 'http://teplo.test' })
  owner = await addPerson(app, 'owner@signup.test', 'user')
  installer = await addPerson(app, 'installer@signup.test', 'creator')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }
const tokenOf = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1] ?? ''

/** Sends an offer of the device to `email` and answers the secret of the mailed link. */
async function invite(from: Person, itemId: number, email: string, access: string) {
  const before = (await mailFiles(dataDir)).length
  const sent = await request(app, from).post(`/api/v2/items/${itemId}/shares`, { email, access })
  expect(sent.statusCode).toBe(202)
  const files = (await waitForMails(dataDir, before + 1)).slice(before)
  const mail = (await Promise.all(files.map(readMail))).find((m) => m.to === email.toLowerCase())
  expect(mail, `a mail to ${email}`).toBeDefined()
  return tokenOf(mail!.text)
}

const signUp = (email: string, invitationToken?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v2/register',
    payload: {
      name: email.split('@')[0],
      email,
      password: 'password-123',
      password_confirmation: 'password-123',
      ...(invitationToken === undefined ? {} : { invitation_token: invitationToken }),
    },
  })

const accountOf = async (email: string) =>
  (await app.db.select().from(users).where(eq(users.email, email)))[0]

describe('signing up through an invitation link', () => {
  it('with the invited address: the account starts proven, with the boiler shared, no «Прийняти» needed', async () => {
    const device = await addDevice(app, owner.id)
    const token = await invite(owner, device.id, 'Olena@Signup.test', 'operator')

    const registered = await signUp('olena@signup.test', token)
    expect(registered.statusCode).toBe(200)
    expect(registered.json()).toMatchObject({
      token_type: 'Bearer',
      invitation: { item_id: String(device.id), item_name: device.name, access: 'operator' },
    })
    const olena = { id: 0, email: 'olena@signup.test', token: registered.json().access_token as string }
    const seen = await request(app, olena).get(`/api/v2/items/${device.id}`)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().data.attributes.access).toBe('operator')
    // The mailed secret proved the address: no verification letter is needed.
    expect((await accountOf('olena@signup.test'))?.emailVerifiedAt).toBeInstanceOf(Date)
    expect(
      (await request(app, olena).get('/api/v2/me')).json().data.attributes.email_verified_at,
    ).not.toBeNull()
    // The link is spent.
    const again = await request(app, olena).post('/api/v2/invitations/accept', { token })
    expect(again.json<ErrorDoc>().errors[0]?.detail).toBe(
      'Це запрошення вже прийнято: посилання діє лише один раз',
    )
  })

  it('a handover to a new address moves the boiler to the new account in the same step', async () => {
    const device = await addDevice(app, installer.id)
    const token = await invite(installer, device.id, 'buyer@signup.test', 'owner')
    const registered = await signUp('buyer@signup.test', token)
    expect(registered.statusCode).toBe(200)
    expect(registered.json().invitation).toMatchObject({ item_id: String(device.id), access: 'owner' })
    const buyer = await accountOf('buyer@signup.test')
    expect((await app.db.select().from(items).where(eq(items.id, device.id)))[0]?.userId).toBe(buyer?.id)
    // The previous holder keeps nothing (ADR 033), and is told where the device went.
    expect((await request(app, installer).get(`/api/v2/items/${device.id}`)).statusCode).toBe(404)
    const told = await request(app, installer).get('/api/v2/me/handed-over')
    expect(told.statusCode).toBe(200)
    expect(told.json().data).toEqual([
      expect.objectContaining({
        type: 'handed-over',
        attributes: expect.objectContaining({
          item_name: device.name,
          serial_number: device.serialNumber,
          to_email: 'buyer@signup.test',
        }),
      }),
    ])
    // Nobody else hears of it, the new owner included.
    const buyerToken = registered.json().access_token as string
    const asBuyer = { id: buyer!.id, email: 'buyer@signup.test', token: buyerToken }
    expect((await request(app, asBuyer).get('/api/v2/me/handed-over')).json().data).toEqual([])
    expect((await request(app, owner).get('/api/v2/me/handed-over')).json().data).toEqual([])
  })

  it('with another address: refused before any account exists, and the offer stays for its addressee', async () => {
    const device = await addDevice(app, owner.id)
    const token = await invite(owner, device.id, 'invited@signup.test', 'owner')

    const stolen = await signUp('attacker@signup.test', token)
    expect(stolen.statusCode).toBe(422)
    expect(stolen.json<ErrorDoc>().errors[0]).toMatchObject({
      detail:
        'Це запрошення надіслано на адресу invited@signup.test: зареєструйтеся з нею, щоб прийняти його, або зареєструйтеся без посилання із запрошення',
      source: { pointer: '/data/attributes/email' },
    })
    expect(await accountOf('attacker@signup.test')).toBeUndefined()
    const [offer] = await app.db.select().from(itemHandovers).where(eq(itemHandovers.itemId, device.id))
    expect(offer?.claimedAt).toBeNull()
    expect((await app.db.select().from(items).where(eq(items.id, device.id)))[0]?.userId).toBe(owner.id)

    // Registered without the link, the other address is not proven and is matched to no offer (ADR 034).
    const plain = await signUp('attacker@signup.test')
    expect(plain.statusCode).toBe(200)
    expect(plain.json().invitation).toBeUndefined()
    const attacker = { id: 0, email: 'attacker@signup.test', token: plain.json().access_token as string }
    expect((await request(app, attacker).post('/api/v2/invitations/accept', { token })).statusCode).toBe(403)
    expect((await accountOf('attacker@signup.test'))?.emailVerifiedAt).toBeNull()

    // The addressee still collects it.
    const rightful = await signUp('invited@signup.test', token)
    expect(rightful.statusCode).toBe(200)
    expect(rightful.json().invitation).toMatchObject({ access: 'owner' })
  })

  it('refuses a made-up, used or expired link on the field, and makes no account', async () => {
    const madeUp = await signUp('nobody@signup.test', 'not-a-real-token')
    expect(madeUp.statusCode).toBe(422)
    expect(madeUp.json<ErrorDoc>().errors[0]).toMatchObject({
      detail: 'Запрошення недійсне: перевірте посилання з листа',
      source: { pointer: '/data/attributes/invitation_token' },
    })
    const device = await addDevice(app, owner.id)
    const token = await invite(owner, device.id, 'late@signup.test', 'viewer')
    await app.db
      .update(itemHandovers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(itemHandovers.itemId, device.id))
    const expired = await signUp('late@signup.test', token)
    expect(expired.statusCode).toBe(422)
    expect(expired.json<ErrorDoc>().errors[0]?.detail).toBe(
      'Термін дії запрошення минув: попросіть власника надіслати нове',
    )
    expect(await accountOf('late@signup.test')).toBeUndefined()
    expect(await accountOf('nobody@signup.test')).toBeUndefined()
  })

  it('refuses an address already registered, leaving the offer unspent', async () => {
    const device = await addDevice(app, owner.id)
    // An offer of ownership is mailed even to an existing account.
    const token = await invite(owner, device.id, installer.email, 'owner')
    const taken = await signUp(installer.email, token)
    expect(taken.statusCode).toBe(422)
    const [offer] = await app.db.select().from(itemHandovers).where(eq(itemHandovers.itemId, device.id))
    expect(offer?.claimedAt).toBeNull()
  })
})
