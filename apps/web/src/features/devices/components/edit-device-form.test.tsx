import type { ItemAttributes } from '@teplo/domain'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { toDevice } from '../../../lib/items/item-document'
import { boilerCategory, itemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { EditDeviceForm } from './edit-device-form'

const TYPES = [
  { id: '1', name: 'Пелетний котел' },
  { id: '2', name: 'Пелетний пальник' },
]

function renderForm(attributes: Partial<ItemAttributes> = {}, canHandOver = false) {
  const device = toDevice(itemResource('5', { name: 'Котел вдома', ...attributes }), [boilerCategory])
  renderRoutes(
    [
      {
        path: '/items/edit/5',
        element: <EditDeviceForm device={device} types={TYPES} canHandOver={canHandOver} />,
      },
    ],
    '/items/edit/5',
  )
}

describe('EditDeviceForm', () => {
  it('shows the serial number and dates read-only and the status of the specification', async () => {
    renderForm({ status: 'pending', verification_token: 'Q2W3', created_at: '2024-03-05 10:00:00' })

    const serial = await screen.findByLabelText<HTMLInputElement>('Серійний номер')
    expect(serial.readOnly).toBe(true)
    expect(serial.value).toBe('100005')
    expect(screen.getByText('очікуємо підтвердження (код: Q2W3)')).toBeTruthy()
    expect(screen.getByText('05.03.24')).toBeTruthy()
    expect(screen.getByText('01.04.24')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Показувати першим на головній' })).toBeTruthy()
  })

  it('saves the management fields with the type as a relationship', async () => {
    const calls = stubFetch(() => ({ status: 200, body: itemDocument(itemResource('5')) }))
    const user = userEvent.setup()
    renderForm({ is_on_homepage: true, status: 'connecting' })

    const name = await screen.findByLabelText('Назва')
    await user.clear(name)
    await user.type(name, 'Дача')
    await user.selectOptions(screen.getByLabelText('Тип пристрою'), '2')
    await user.click(screen.getByRole('switch', { name: 'Показувати першим на головній' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Дані оновлено!')
    expect(calls[0]?.method).toBe('PATCH')
    expect(calls[0]?.url).toBe('/api/v2/items/5')
    expect(calls[0]?.body).toEqual({
      data: {
        type: 'items',
        id: '5',
        attributes: {
          name: 'Дача',
          description: 'Київ, вул. Січових Стрільців, 1',
          is_on_homepage: false,
        },
        relationships: { category: { data: { type: 'categories', id: '2' } } },
      },
    })
  })

  it('refuses an empty name without calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderForm()

    await user.clear(await screen.findByLabelText('Назва'))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    expect(await screen.findByText('Введіть назву пристрою')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('shows server field errors under their inputs', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'x',
            detail: 'Занадто довго',
            source: { pointer: '/data/attributes/name' },
          },
        ],
      },
    }))
    const user = userEvent.setup()
    renderForm()

    await user.click(await screen.findByRole('button', { name: 'Зберегти' }))

    expect(await screen.findByText('Занадто довго')).toBeTruthy()
    await waitFor(() => expect(screen.getByLabelText('Назва').getAttribute('aria-invalid')).toBe('true'))
  })

  it("shows an installer the owner read-only: the owner's name is not free text", async () => {
    renderForm()
    const owner = await screen.findByLabelText<HTMLInputElement>('Власник')
    expect(owner.readOnly).toBe(true)
    expect(owner.value).toBe('Олена')
  })

  it('lets an administrator hand the device to an account chosen by name or e-mail', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/v2/owners')
        ? {
            status: 200,
            body: {
              data: [{ type: 'owners', id: '7', attributes: { name: 'Іван', email: 'ivan@example.com' } }],
            },
          }
        : { status: 200, body: itemDocument(itemResource('5')) },
    )
    const user = userEvent.setup()
    renderForm({}, true)

    const owner = await screen.findByRole('combobox', { name: 'Власник' })
    await user.clear(owner)
    await user.type(owner, 'ivan')
    await user.click(await screen.findByRole('option', { name: 'Іван (ivan@example.com)' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Дані оновлено!')
    const patch = calls.find((call) => call.method === 'PATCH')
    expect(calls.some((call) => call.url.startsWith('/api/v2/owners'))).toBe(true)
    expect(patch?.body).toMatchObject({
      data: { relationships: { user: { data: { type: 'users', id: '7' } } } },
    })
  })
})
