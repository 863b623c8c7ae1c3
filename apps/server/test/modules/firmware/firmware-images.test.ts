import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { MAX_FIRMWARE_BYTES } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { firmwareImages, items, users as usersTable } from '../../../src/db/schema.ts'
import { firmwareBytes, uploadedFirmware, uploadFirmware } from '../../support/firmware-support.ts'
import { bearer, useDemoApp } from '../../support/helper.ts'

const dataDir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'teplo-firmware-'))
const demo = useDemoApp({ DATA_DIR: dataDir })
const firmwareDir = path.join(dataDir, 'firmware')

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

const detailOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: { detail: string; source?: { pointer?: string } }[] }).errors[0]!

async function storedFiles(): Promise<string[]> {
  return fs.readdir(firmwareDir).catch(() => [])
}

describe('firmware images', () => {
  it('keeps an upload under DATA_DIR/firmware with its SHA-256 and size, and lists it', async () => {
    const content = firmwareBytes(100_000)
    const image = await uploadedFirmware(demo.app, demo.tokens.admin!, '1.1.0', content)
    expect(image.sha256).toBe(createHash('sha256').update(content).digest('hex'))
    expect(image.size).toBe(100_000)
    const [row] = await demo.app.db
      .select()
      .from(firmwareImages)
      .where(eq(firmwareImages.id, Number(image.id)))
    expect(await fs.readFile(path.join(firmwareDir, row!.fileName))).toEqual(content)

    const list = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/firmware',
      headers: bearer(demo.tokens.admin!),
    })
    expect(list.statusCode).toBe(200)
    const listed = list.json<{ data: { id: string; attributes: Record<string, unknown> }[] }>().data
    expect(listed.find((entry) => entry.id === image.id)?.attributes).toMatchObject({
      version: '1.1.0',
      notes: 'Прошивка 1.1.0',
      size: 100_000,
      in_use: false,
    })
  })

  it('refuses, in Ukrainian, a second upload of a version for the same type but takes it for another type', async () => {
    await uploadedFirmware(demo.app, demo.tokens.admin!, '1.2.0')
    const before = await storedFiles()
    const again = await uploadFirmware(demo.app, demo.tokens.admin!, {
      category_id: '1',
      version: '1.2.0',
      file: { name: 'again.bin', content: firmwareBytes() },
    })
    expect(again.statusCode).toBe(409)
    expect(detailOf(again)).toMatchObject({
      detail: 'Версія 1.2.0 для цього типу пристроїв вже завантажена.',
      source: { pointer: '/data/attributes/version' },
    })
    expect(await storedFiles()).toEqual(before)
    await uploadedFirmware(demo.app, demo.tokens.admin!, '1.2.0', firmwareBytes(), '2')
  })

  it('refuses a wrong file, a missing one, a bad version, an unknown type and a file over the limit', async () => {
    const admin = demo.tokens.admin!
    const before = await storedFiles()
    const cases = [
      {
        form: { category_id: '1', version: '1.3.0', file: { name: 'photo.png', content: PNG } },
        pointer: 'attachment',
        detail: 'Файл має бути образом прошивки з розширенням .bin.',
      },
      {
        form: { category_id: '1', version: '1.3.0', file: { name: 'photo.bin', content: PNG } },
        pointer: 'attachment',
        detail: 'Файл має бути образом прошивки з розширенням .bin. Цей файл — PNG.',
      },
      {
        form: { category_id: '1', version: '1.3.0' },
        pointer: 'attachment',
        detail: 'Додайте файл прошивки (поле attachment).',
      },
      {
        form: { category_id: '1', version: 'новітня', file: { name: 'a.bin', content: firmwareBytes() } },
        pointer: 'version',
        detail: 'Версія має виглядати як 1.4 або 1.4.2 (можна з позначкою: 1.5.0-rc1), до 32 символів',
      },
      {
        form: { category_id: '1', version: ' ', file: { name: 'a.bin', content: firmwareBytes() } },
        pointer: 'version',
        detail: 'Вкажіть версію прошивки',
      },
      {
        form: { category_id: '999', version: '1.3.0', file: { name: 'a.bin', content: firmwareBytes() } },
        pointer: 'category_id',
        detail: 'Такого типу пристроїв немає.',
      },
      {
        form: { version: '1.3.0', file: { name: 'a.bin', content: firmwareBytes() } },
        pointer: 'category_id',
        detail: 'Оберіть тип пристрою',
      },
      {
        form: {
          category_id: '1',
          version: '1.3.0',
          file: { name: 'big.bin', content: firmwareBytes(MAX_FIRMWARE_BYTES + 1) },
        },
        pointer: 'attachment',
        detail: 'Файл завеликий: образ прошивки має бути не більше 16 МБ.',
      },
    ]
    for (const { form, pointer, detail } of cases) {
      const res = await uploadFirmware(demo.app, admin, form)
      expect(res.statusCode, JSON.stringify({ ...form, file: form.file?.name })).toBe(422)
      expect(detailOf(res)).toEqual({
        status: '422',
        title: expect.any(String),
        detail,
        source: { pointer: `/data/attributes/${pointer}` },
      })
    }
    // Nothing refused is left on disk.
    expect(await storedFiles()).toEqual(before)
  })

  it('answers 403 to everybody but administrators, before reading the file', async () => {
    for (const role of ['creator', 'user']) {
      const token = demo.tokens[role]!
      const upload = await uploadFirmware(demo.app, token, {
        category_id: '1',
        version: '9.9.9',
        file: { name: 'a.bin', content: firmwareBytes() },
      })
      expect(upload.statusCode, role).toBe(403)
      const list = await demo.app.inject({ method: 'GET', url: '/api/v2/firmware', headers: bearer(token) })
      expect(list.statusCode, role).toBe(403)
      const removal = await demo.app.inject({
        method: 'DELETE',
        url: '/api/v2/firmware/1',
        headers: bearer(token),
      })
      expect(removal.statusCode, role).toBe(403)
    }
    const anonymous = await demo.app.inject({ method: 'GET', url: '/api/v2/firmware' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('deletes an image with its file; a missing one is 404', async () => {
    const image = await uploadedFirmware(demo.app, demo.tokens.admin!, '1.4.0')
    const [row] = await demo.app.db
      .select()
      .from(firmwareImages)
      .where(eq(firmwareImages.id, Number(image.id)))
    const removal = await demo.app.inject({
      method: 'DELETE',
      url: `/api/v2/firmware/${image.id}`,
      headers: bearer(demo.tokens.admin!),
    })
    expect(removal.statusCode).toBe(204)
    expect(await storedFiles()).not.toContain(row!.fileName)
    const again = await demo.app.inject({
      method: 'DELETE',
      url: `/api/v2/firmware/${image.id}`,
      headers: bearer(demo.tokens.admin!),
    })
    expect(again.statusCode).toBe(404)
    expect(detailOf(again).detail).toBe('Прошивку не знайдено.')
  })
})

describe('firmware of the devices', () => {
  type Listed = {
    id: string
    attributes: { firmware_version: string | null; latest_version: string | null; up_to_date: boolean | null }
    relationships: { category: { data: { id: string } } }
  }
  const listAs = async (token: string) => {
    const res = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/firmware-devices',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(200)
    return res.json<{ data: Listed[] }>().data
  }

  it('shows an owner their own devices with version, newest version and whether up to date; admins every device', async () => {
    const owner = await listAs(demo.tokens.user!)
    const all = await listAs(demo.tokens.admin!)
    expect(owner.length).toBeGreaterThan(0)
    expect(all.length).toBeGreaterThan(owner.length)
    const ownIds = (await demo.app.db.select().from(items)).filter((i) =>
      owner.some((o) => o.id === String(i.id)),
    )
    const users = await demo.app.db.select().from(usersTable)
    const ownerId = users.find((u) => u.email === 'user@teplo.demo')!.id
    expect(ownIds.every((item) => item.userId === ownerId)).toBe(true)

    const device = owner[0]!
    const categoryId = device.relationships.category.data.id
    await demo.app.db
      .update(items)
      .set({ firmwareVersion: '1.9.0' })
      .where(eq(items.id, Number(device.id)))
    await uploadedFirmware(demo.app, demo.tokens.admin!, '1.10.0', firmwareBytes(), categoryId)
    const behind = (await listAs(demo.tokens.user!)).find((d) => d.id === device.id)!
    expect(behind.attributes).toMatchObject({
      firmware_version: '1.9.0',
      latest_version: '1.10.0',
      up_to_date: false,
    })
    await demo.app.db
      .update(items)
      .set({ firmwareVersion: '1.10.0' })
      .where(eq(items.id, Number(device.id)))
    const current = (await listAs(demo.tokens.user!)).find((d) => d.id === device.id)!
    expect(current.attributes.up_to_date).toBe(true)
    expect((await demo.app.inject({ method: 'GET', url: '/api/v2/firmware-devices' })).statusCode).toBe(401)
  })
})
