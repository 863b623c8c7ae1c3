import { type APIRequestContext, expect } from '@playwright/test'
import { api } from './api-session'

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
