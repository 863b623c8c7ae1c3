import {
  helpRequestResourceSchema,
  type ItemErrorResource,
  itemErrorResourceSchema,
  listDocumentSchema,
  roleResourceSchema,
  type UserResource,
  userResourceSchema,
} from '@teplo/domain'
import type { z } from 'zod'

// Answers of the API for tests, built here and parsed with the shared resource schemas: a fixture that drifts
// from what the server sends fails the test that uses it.

const CREATED = '2024-01-01 00:00:00'

export function roleResource(id: string, name: string) {
  return roleResourceSchema.parse({
    type: 'roles',
    id,
    attributes: { name, created_at: CREATED, updated_at: CREATED },
    links: { self: `/api/v2/roles/${id}` },
  })
}

export function userResource(
  id: string,
  attributes: Partial<UserResource['attributes']> = {},
  roleIds: string[] = [],
): UserResource {
  return userResourceSchema.parse({
    type: 'users',
    id,
    attributes: {
      name: 'Олена',
      email: 'olena@example.com',
      profile_image: null,
      created_at: CREATED,
      updated_at: CREATED,
      ...attributes,
    },
    relationships: { roles: { data: roleIds.map((roleId) => ({ type: 'roles', id: roleId })) } },
    links: { self: `/api/v2/users/${id}` },
  })
}

export function itemErrorResource(
  id: string,
  attributes: Partial<ItemErrorResource['attributes']> = {},
  itemId = '1',
): ItemErrorResource {
  return itemErrorResourceSchema.parse({
    type: 'item-errors',
    id,
    attributes: {
      error_code: 'E3',
      error_time: '2024-03-05 10:07:00',
      mode_status: 3,
      archived_at: null,
      device: {
        name: 'Котел вдома',
        temperatures: { kotla: 91.5, boilera: 48, gas: 210 },
        power: { palnika: 75 },
      },
      ...attributes,
    },
    relationships: { item: { data: { type: 'items', id: itemId } } },
  })
}

export function helpRequestDocument(id: string, name: string, problem: string) {
  return {
    data: helpRequestResourceSchema.parse({
      type: 'help-requests',
      id,
      attributes: { name, problem, created_at: CREATED, emailed_at: CREATED },
      links: { self: `/api/v2/help-requests/${id}` },
    }),
  }
}

/** One page holding all of `data`, as the list calls answer. */
export function listDocument<Resource extends z.ZodType>(
  resource: Resource,
  data: z.input<Resource>[],
  path: string,
) {
  const total = data.length
  const link = `${path}?page[number]=1&page[size]=100`
  return listDocumentSchema(resource).parse({
    data,
    meta: { page: { currentPage: 1, from: total ? 1 : 0, to: total, perPage: 100, lastPage: 1, total } },
    links: { first: link, last: link },
  })
}
