import { isDeepStrictEqual } from 'node:util'
import type { ApiError } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { errorObject } from './api-error.ts'
import type { ResourceMembers } from './zod-members.ts'

// A resource read with GET and sent back whole with PATCH (what Ember Data and Laravel's clients do) carries
// members the client cannot change. Compared with the stored resource: an equal one is no change and is dropped,
// a different one is a 403 on its pointer (ADR 050). Members the resource does not have are left to the body's
// schema (422).

type StoredResource = {
  attributes?: Record<string, unknown>
  relationships?: Record<string, { data?: unknown } | undefined>
}

type Member =
  | { kind: 'attribute'; name: string }
  | { kind: 'one'; name: string }
  | { kind: 'many'; name: string }

/** The resource member a flat body key stands for: an attribute, `<relationship>_id` or a to-many list. */
export function memberOf(key: string, resource: ResourceMembers): Member | null {
  if (resource.attributes.has(key)) return { kind: 'attribute', name: key }
  if (resource.relationships.get(key) === 'many') return { kind: 'many', name: key }
  const toOne = key.endsWith('_id') ? key.slice(0, -3) : null
  if (toOne && resource.relationships.get(toOne) === 'one') return { kind: 'one', name: toOne }
  return null
}

const idsOf = (data: unknown): string[] | null =>
  Array.isArray(data) ? data.map((entry) => String((entry as { id?: unknown } | null)?.id)).sort() : null

function sameAsStored(value: unknown, member: Member, stored: StoredResource): boolean {
  if (member.kind === 'attribute') {
    const attributes = stored.attributes ?? {}
    return member.name in attributes && isDeepStrictEqual(value, attributes[member.name])
  }
  const data = stored.relationships?.[member.name]?.data
  if (member.kind === 'many') return isDeepStrictEqual(idsOf(value), idsOf(data))
  const storedId = (data as { id?: unknown } | null | undefined)?.id
  if (data === null || storedId === undefined) return value === null && data === null
  return value !== null && value !== undefined && String(value) === String(storedId)
}

const READ_ONLY = (name: string) => msg('server.jsonApi.readOnly', { name })

const pointerOf = (key: string, member: Member) =>
  member.kind === 'attribute' ? `/data/attributes/${key}` : `/data/relationships/${member.name}`

/**
 * The body without the members equal to the stored resource's, and a 403 error for each read-only member that
 * differs. Writable members are dropped only when equal (an echo is no change).
 */
export function settleEchoedMembers(
  body: Record<string, unknown>,
  writable: ReadonlySet<string>,
  resource: ResourceMembers,
  stored: StoredResource,
): { kept: Record<string, unknown>; errors: ApiError[] } {
  const kept: Record<string, unknown> = {}
  const errors: ApiError[] = []
  for (const [key, value] of Object.entries(body)) {
    const member = memberOf(key, resource)
    if (!member) {
      kept[key] = value
      continue
    }
    if (sameAsStored(value, member, stored)) continue
    if (writable.has(key)) kept[key] = value
    else errors.push(errorObject(403, READ_ONLY(key), { pointer: pointerOf(key, member) }))
  }
  return { kept, errors }
}

/** The body's keys that name a member of the resource that the PATCH body does not take. */
export function readOnlyKeys(
  body: Record<string, unknown>,
  writable: ReadonlySet<string>,
  resource: ResourceMembers,
): string[] {
  return Object.keys(body).filter((key) => !writable.has(key) && memberOf(key, resource) !== null)
}
