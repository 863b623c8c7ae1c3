import { type APIRequestContext, expect } from '@playwright/test'
import { api, apiToken } from './api-session'

export interface CreatedDevice {
  data: { id: string }
  meta: { verification_token: string }
}

/** A unique serial number: serials are unique across all accounts. */
export const freshSerial = (offset = 0) => String(Date.now() + offset).slice(-12)

/** Registers a device of the first type through the API; it is pending until verified. */
export async function createDevice(request: APIRequestContext, token: string, name: string, serial: string) {
  const types = await api<{ data: { id: string }[] }>(request, token, 'GET', 'categories')
  return api<CreatedDevice>(request, token, 'POST', 'items', {
    name,
    owner: 'E2E',
    serial_number: serial,
    description: '',
    category_id: types.data[0]?.id,
  })
}

// Sent without a body or content type: the server refuses an empty JSON body.
export async function removeDevice(request: APIRequestContext, token: string, id: string) {
  const response = await request.delete(`/api/v2/items/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), `DELETE items/${id}`).toBe(204)
}

/**
 * A paired boiler the demo installer registers straight onto `ownerId`'s account, its controller's code proven:
 * it leaves «pending» and shows on the owner's dashboard.
 */
export async function pairedBoilerOf(request: APIRequestContext, ownerId: string, name: string) {
  const creator = await apiToken(request, 'creator')
  const types = await api<{ data: { id: string }[] }>(request, creator, 'GET', 'categories')
  const serial = freshSerial()
  const created = await api<CreatedDevice>(request, creator, 'POST', 'items', {
    name,
    serial_number: serial,
    description: '',
    category_id: types.data[0]?.id,
    user_id: ownerId,
  })
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  return { id: created.data.id, serial }
}
