import {
  helpRequestDocumentSchema,
  type ItemErrorResource,
  itemErrorResourceSchema,
  listDocumentSchema,
  type ProfileAttributes,
  profileDocumentSchema,
  type RoleResource,
  roleResourceSchema,
  supportDocumentSchema,
  tokenResponseSchema,
  type UserResource,
  uploadResponseSchema,
  userDocumentSchema,
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
      ended_at: null,
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

/** One user as GET, POST or PATCH users answers it; with include=roles, `included` holds the roles. */
export function userDocument(user: UserResource, included?: RoleResource[]) {
  return userDocumentSchema.parse(included ? { data: user, included } : { data: user })
}

/** The signed-in account holding one role, as GET /me?include=roles and PATCH /me answer it. */
export function profileDocument(roleName: string, attributes: Partial<ProfileAttributes> = {}) {
  const role = roleResource('7', roleName)
  // The account is a users resource with its language; its self link differs.
  const user = userResource('1', attributes, [role.id])
  const data = {
    ...user,
    attributes: {
      ...user.attributes,
      language: attributes.language ?? 'uk',
      email_verified_at:
        'email_verified_at' in attributes ? attributes.email_verified_at : '2026-11-01 10:00:00',
      pending_email: attributes.pending_email ?? null,
      two_factor: attributes.two_factor ?? {
        enabled: false,
        totp: false,
        recovery_codes_left: 0,
        passkeys: 0,
        required: false,
      },
    },
    links: { self: '/api/v2/me' },
  }
  return profileDocumentSchema.parse({ data, included: [role] })
}

/** What login, register and the password reset answer. */
export function tokenResponse(accessToken: string) {
  return tokenResponseSchema.parse({ token_type: 'Bearer', expires_in: 3600, access_token: accessToken })
}

/** GET support: the help page's contacts. */
export function supportDocument(phone: string, email: string) {
  return supportDocumentSchema.parse({ data: { type: 'support', id: '1', attributes: { phone, email } } })
}

/** POST uploads/…: where the stored picture is served. */
export function uploadResponse(url: string) {
  return uploadResponseSchema.parse({ url })
}

export function helpRequestDocument(id: string, name: string, problem: string) {
  return helpRequestDocumentSchema.parse({
    data: {
      type: 'help-requests',
      id,
      attributes: { name, problem, created_at: CREATED, emailed_at: CREATED },
      links: { self: `/api/v2/help-requests/${id}` },
    },
  })
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
