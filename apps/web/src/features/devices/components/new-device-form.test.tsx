import { DEFAULT_ITEM_NAME } from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { createdItemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import uk from '../../../locales/uk-screens.json'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { NewDeviceForm } from './new-device-form'

const TYPES = [
  { id: '3', name: 'Твердопаливний котел' },
  { id: '1', name: 'Пелетний котел' },
  { id: '2', name: 'Пелетний пальник' },
]

const ME = { id: '2', name: 'Олена', email: 'olena@example.com' }
const owners = { status: 200, body: { data: [] } }
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST')

function renderForm(types = TYPES) {
  const onDone = vi.fn()
  renderRoutes(
    [{ path: '/items/new', element: <NewDeviceForm defaultOwner={ME} types={types} onDone={onDone} /> }],
    '/items/new',
  )
  return onDone
}

const serial = () => screen.getByLabelText<HTMLInputElement>(/Серійний номер/)
const submit = () => screen.getByRole('button', { name: 'Додати пристрій' })

describe('NewDeviceForm', () => {
  it("starts from the schema's default name in either language", async () => {
    expect(uk.devices.form.defaultName).toBe(DEFAULT_ITEM_NAME)
    await setLanguage('en')
    renderForm()
    expect((await screen.findByLabelText<HTMLInputElement>('Name')).value).toBe('Device 1')
  })

  it('starts from the defaults of the specification and preselects the newest type', async () => {
    renderForm()
    expect((await screen.findByLabelText<HTMLInputElement>('Назва')).value).toBe('Пристрій 1')
    expect(screen.getByLabelText<HTMLInputElement>('Власник').value).toBe('Олена (olena@example.com)')
    expect(serial().value).toBe('')
    expect(serial().getAttribute('inputmode')).toBe('numeric')
    expect(screen.getByLabelText<HTMLSelectElement>('Тип пристрою').value).toBe('3')
  })

  it('asks for a serial number above zero and a type, and sends nothing', async () => {
    const calls = stubFetch((call) => (call.url.includes('/owners') ? owners : { status: 500 }))
    const user = userEvent.setup()
    renderForm([])

    await user.click(await screen.findByRole('button', { name: 'Додати пристрій' }))
    expect(await screen.findByText('Будь ласка, введіть коректний серійний номер')).toBeTruthy()
    expect(screen.getByText('Будь ласка, виберіть тип пристрою')).toBeTruthy()

    await user.type(serial(), '0')
    await user.click(submit())
    expect(await screen.findByText('Будь ласка, введіть коректний серійний номер')).toBeTruthy()

    await user.clear(serial())
    await user.type(serial(), '12a')
    await user.click(submit())
    expect(await screen.findByText('Будь ласка, введіть коректний серійний номер')).toBeTruthy()
    expect(posts(calls)).toHaveLength(0)
  })

  it('creates a pending device and shows its verification code, then goes on', async () => {
    const calls = stubFetch((call) =>
      call.url.includes('/owners')
        ? owners
        : { status: 201, body: createdItemDocument(itemResource('9', { status: 'pending' }, '3'), 'X4P9') },
    )
    const user = userEvent.setup()
    const onDone = renderForm()

    await user.type(await screen.findByLabelText(/Серійний номер/), '700123')
    await user.type(screen.getByLabelText('Адреса'), 'Львів')
    await user.click(submit())

    const dialog = await screen.findByRole('dialog', { name: 'Пристрій додано' })
    expect(within(dialog).getByText('X4P9')).toBeTruthy()
    expect(dialog.textContent).toContain('на контролері')
    const [created] = posts(calls) as typeof calls
    expect(created?.url).toBe('/api/v2/items')
    expect(created?.body).toEqual({
      data: {
        type: 'items',
        attributes: {
          serial_number: '700123',
          description: 'Львів',
          name: 'Пристрій 1',
          owner: 'Олена',
        },
        relationships: {
          category: { data: { type: 'categories', id: '3' } },
          user: { data: { type: 'users', id: '2' } },
        },
      },
    })

    await user.click(within(dialog).getByRole('button', { name: 'До списку пристроїв' }))
    expect(onDone).toHaveBeenCalled()
  })

  it('reads a refused serial number as a duplicate, under the field', async () => {
    stubFetch((call) =>
      call.url.includes('/owners')
        ? owners
        : {
            status: 422,
            body: {
              errors: [
                {
                  status: '422',
                  title: 'Unprocessable Entity',
                  detail: 'taken',
                  source: { pointer: '/data/attributes/serial_number' },
                },
              ],
            },
          },
    )
    const user = userEvent.setup()
    renderForm()

    await user.type(await screen.findByLabelText(/Серійний номер/), '100001')
    await user.click(submit())

    expect(await screen.findByText('Пристрій з таким серійним номером вже існує')).toBeTruthy()
    expect(serial().getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says creation failed when the server fails otherwise', async () => {
    stubFetch((call) => (call.url.includes('/owners') ? owners : { status: 500 }))
    const user = userEvent.setup()
    renderForm()

    await user.type(await screen.findByLabelText(/Серійний номер/), '100001')
    await user.click(submit())

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Помилка при створенні пристрою'),
    )
  })
})
