import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items, users } from '../../../src/db/schema.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const owner = DEMO_ACCOUNTS.find((a) => a.role === 'user')!

// A valid 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const NOT_AN_IMAGE = 'Файл має бути зображенням (JPEG, PNG, WebP або GIF).'

let app: TestApp
let dataDir: string
let adminToken: string
let ownerToken: string
let adminId: number
let ownerId: number
let ownerItemId: number
let adminItemId: number

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-uploads-'))
  app = await build({ DATA_DIR: dataDir })
  adminToken = await loginAs(app, admin.email, admin.password)
  ownerToken = await loginAs(app, owner.email, owner.password)
  const userId = async (email: string) =>
    (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
  adminId = await userId(admin.email)
  ownerId = await userId(owner.email)
  const itemId = async (serial: string) =>
    (await app.db.select({ id: items.id }).from(items).where(eq(items.serialNumber, serial)))[0]!.id
  ownerItemId = await itemId('100003')
  adminItemId = await itemId('100001')
})
afterAll(async () => {
  await app?.closeAll()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

type ErrorDoc = { errors: { status: string; detail: string; source?: { pointer?: string } }[] }

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----teplo-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function upload(
  url: string,
  token: string | null,
  body = multipart('attachment', 'photo.png', 'image/png', PNG),
) {
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  })
}

const profileUrl = (id: number) => `/api/v2/uploads/users/${id}/profile-image`
const itemUrl = (id: number) => `/api/v2/uploads/items/${id}/image`

function expectAttachmentError(res: Awaited<ReturnType<typeof upload>>, detail: string) {
  expect(res.statusCode).toBe(422)
  expect(res.json<ErrorDoc>().errors[0]).toMatchObject({
    detail,
    source: { pointer: '/data/attributes/attachment' },
  })
}

describe('POST /api/v2/uploads/users/{id}/profile-image', () => {
  it('stores a PNG, answers its url, serves it back and sets profile_image', async () => {
    const res = await upload(profileUrl(ownerId), ownerToken)
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain(JSON_API)
    const { url } = res.json<{ url: string }>()
    expect(url).toMatch(new RegExp(`^/uploads/users/${ownerId}/[0-9a-f]{32}\\.png$`))
    await expect(fs.readFile(path.join(dataDir, url))).resolves.toEqual(PNG)

    const served = await app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload).toEqual(PNG)

    const me = await app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(ownerToken) })
    expect(me.json().data.attributes.profile_image).toBe(url)

    // A new picture replaces the old file.
    const next = await upload(profileUrl(ownerId), ownerToken)
    expect(next.json().url).not.toBe(url)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  it('rejects a text file named .png, judged by content', async () => {
    const body = multipart(
      'attachment',
      'photo.png',
      'image/png',
      Buffer.from('just some text, not an image'),
    )
    expectAttachmentError(await upload(profileUrl(ownerId), ownerToken, body), NOT_AN_IMAGE)
    // An SVG is text too: it could carry script.
    const svg = multipart(
      'attachment',
      'a.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    )
    expectAttachmentError(await upload(profileUrl(ownerId), ownerToken, svg), NOT_AN_IMAGE)
  })

  it('rejects a file over 2 MB and accepts one of exactly 2 MB', async () => {
    const limit = 2 * 1024 * 1024
    const big = Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length)])
    const res = await upload(
      profileUrl(ownerId),
      ownerToken,
      multipart('attachment', 'big.png', 'image/png', big),
    )
    expectAttachmentError(res, 'Файл завеликий: зображення має бути не більше 2 МБ.')
    const edge = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)])
    const ok = await upload(
      profileUrl(ownerId),
      ownerToken,
      multipart('attachment', 'edge.png', 'image/png', edge),
    )
    expect(ok.statusCode).toBe(201)
  })

  it('answers 422 on attachment when the file is missing or sent under another name', async () => {
    const missing = 'Додайте файл зображення (поле attachment).'
    expectAttachmentError(
      await upload(profileUrl(ownerId), ownerToken, multipart('photo', 'a.png', 'image/png', PNG)),
      missing,
    )
    const json = await app.inject({
      method: 'POST',
      url: profileUrl(ownerId),
      headers: bearer(ownerToken),
      payload: { attachment: 'x' },
    })
    expectAttachmentError(json, missing)
  })

  it("answers 403 for another user's profile, lets an admin upload for anyone, 404 for nobody", async () => {
    const res = await upload(profileUrl(adminId), ownerToken)
    expect(res.statusCode).toBe(403)
    const [adminRow] = await app.db.select().from(users).where(eq(users.id, adminId))
    expect(adminRow?.profileImage).toBeNull()

    const byAdmin = await upload(profileUrl(ownerId), adminToken)
    expect(byAdmin.statusCode).toBe(201)
    expect((await upload(profileUrl(999_999), adminToken)).statusCode).toBe(404)
  })

  it('answers 401 without a token and 400 for a non-numeric id', async () => {
    expect((await upload(profileUrl(ownerId), null)).statusCode).toBe(401)
    const res = await upload('/api/v2/uploads/users/abc/profile-image', ownerToken)
    expect(res.statusCode).toBe(400)
  })
})

describe('POST /api/v2/uploads/items/{id}/image', () => {
  it("stores the owner's device image and sets items.image", async () => {
    const res = await upload(itemUrl(ownerItemId), ownerToken)
    expect(res.statusCode).toBe(201)
    const { url } = res.json<{ url: string }>()
    expect(url).toMatch(new RegExp(`^/uploads/items/${ownerItemId}/[0-9a-f]{32}\\.png$`))
    const [item] = await app.db.select().from(items).where(eq(items.id, ownerItemId))
    expect(item?.image).toBe(url)
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
  })

  it("answers 404 for someone else's device and a missing one; an admin may upload for any", async () => {
    const foreign = await upload(itemUrl(adminItemId), ownerToken)
    expect(foreign.statusCode).toBe(404)
    const [item] = await app.db.select().from(items).where(eq(items.id, adminItemId))
    expect(item?.image).toBeNull()
    expect((await upload(itemUrl(999_999), ownerToken)).statusCode).toBe(404)
    expect((await upload(itemUrl(ownerItemId), adminToken)).statusCode).toBe(201)
  })

  it('rejects a non-image and answers 401 without a token', async () => {
    const text = multipart('attachment', 'photo.jpg', 'image/jpeg', Buffer.from('%PDF-1.4 not an image'))
    expectAttachmentError(await upload(itemUrl(ownerItemId), ownerToken, text), NOT_AN_IMAGE)
    expect((await upload(itemUrl(ownerItemId), null)).statusCode).toBe(401)
  })
})

describe('GET /uploads/...', () => {
  it('serves nothing outside the uploads folder and answers 404 for unknown files', async () => {
    await fs.writeFile(path.join(dataDir, 'secret.txt'), 'secret')
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/users/1/missing.png',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('secret')
    }
  })
})
