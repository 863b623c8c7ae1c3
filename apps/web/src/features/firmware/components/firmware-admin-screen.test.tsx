import {
  categoryListDocumentSchema,
  firmwareDeviceListDocumentSchema,
  firmwareImageListDocumentSchema,
  firmwareRolloutListDocumentSchema,
} from '@teplo/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { FirmwareAdminScreen } from './firmware-admin-screen'

const slow = { timeout: 5000 }

const rollout = (id: string, version: string) => ({
  type: 'firmware-rollouts',
  id,
  attributes: {
    version,
    firmware_id: null,
    status: 'completed',
    stage_percent: null,
    stage: 1,
    created_at: '2026-11-26 10:00:00',
    finished_at: '2026-11-26 11:00:00',
    devices: [],
  },
  relationships: { category: { data: { type: 'categories', id: '1' } } },
  links: { self: `/api/v2/firmware-rollouts/${id}` },
})

// Parsed with the contract, so a fixture that drifts from the server's answer fails here.
const rolloutsPage = (number: number) =>
  firmwareRolloutListDocumentSchema.parse({
    data: [number === 1 ? rollout('12', '2.1.0') : rollout('2', '1.1.0')],
    meta: { page: { currentPage: number, from: number, to: number, perPage: 1, lastPage: 2, total: 2 } },
    links: {
      first: '/api/v2/firmware-rollouts?page%5Bnumber%5D=1',
      last: '/api/v2/firmware-rollouts?page%5Bnumber%5D=2',
    },
  })

const emptyList = {
  data: [],
  meta: { page: { currentPage: 1, from: 0, to: 0, perPage: 10, lastPage: 1, total: 0 } },
}

describe('the firmware administrators’ screen', () => {
  it('pages through the rollouts, newest first, reading each page from the server', async () => {
    const calls = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost')
      if (url.pathname === '/api/v2/firmware-rollouts')
        return { status: 200, body: rolloutsPage(Number(url.searchParams.get('page[number]') ?? 1)) }
      if (url.pathname === '/api/v2/categories')
        return {
          status: 200,
          body: categoryListDocumentSchema.parse({
            ...emptyList,
            data: [
              {
                type: 'categories',
                id: '1',
                attributes: {
                  name: 'Котел',
                  description: '',
                  created_at: '2026-11-20 10:00:00',
                  updated_at: '2026-11-20 10:00:00',
                },
                links: { self: '/api/v2/categories/1' },
              },
            ],
            links: { first: '/api/v2/categories', last: '/api/v2/categories' },
          }),
        }
      if (url.pathname === '/api/v2/firmware')
        return { status: 200, body: firmwareImageListDocumentSchema.parse({ data: [] }) }
      if (url.pathname === '/api/v2/firmware-devices')
        return { status: 200, body: firmwareDeviceListDocumentSchema.parse({ data: [] }) }
      return { status: 404 }
    })
    renderRoutes([{ path: '/', element: <FirmwareAdminScreen /> }], '/')

    expect(await screen.findByRole('heading', { name: 'Оновлення №12 до версії 2.1.0' }, slow)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Новіші' }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Старіші' }))

    expect(await screen.findByRole('heading', { name: 'Оновлення №2 до версії 1.1.0' }, slow)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Оновлення №12 до версії 2.1.0' })).toBeNull()
    expect((screen.getByRole('button', { name: 'Старіші' }) as HTMLButtonElement).disabled).toBe(true)
    const pages = calls
      .filter((call) => call.url.startsWith('/api/v2/firmware-rollouts'))
      .map((call) => new URL(call.url, 'http://localhost').searchParams.get('page[number]'))
    expect(pages).toEqual(expect.arrayContaining(['1', '2']))
  })
})
