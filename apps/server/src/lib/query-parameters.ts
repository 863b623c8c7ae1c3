import { msg } from '@teplo/domain'
import { errorObject, HttpError } from './api-error.ts'
import type { DocumentResources, ResourceMembers } from './zod-members.ts'

// JSON:API 1.1 query parameters (jsonapi.org/format/1.1/#query-parameters): the specification's own (`include`,
// `sort` and the families `fields[…]`, `page[…]`, `filter[…]`) where a route supports them, and names of our own
// that carry a character outside a–z. Any other name is a 400 naming it.

const FAMILY = /^(fields|page|filter)\[[^[\]]+\]$/

/** A parameter of the specification's: `include`, `sort`, or a member of the fields, page or filter family. */
export const isJsonApiParameter = (name: string) => name === 'include' || name === 'sort' || FAMILY.test(name)

// A legal member name (letters, digits; '-' and '_' inside), optionally a family member `name[member]`.
const MEMBER_NAME = '[a-zA-Z0-9](?:[a-zA-Z0-9_-]*[a-zA-Z0-9])?'
const IMPLEMENTATION_NAME = new RegExp(`^${MEMBER_NAME}(?:\\[${MEMBER_NAME}\\])*$`)

/**
 * Our names from before JSON:API 1.1 was followed, all lower-case a–z (the specification keeps those for itself):
 * kept because the web app, mailed links and other clients send them (ADR 050). No name joins this list.
 */
export const LEGACY_QUERY_NAMES: ReadonlySet<string> = new Set([
  'from',
  'to',
  'resolution',
  'period',
  'ticket',
  'token',
  't',
  '_',
])

/** Whether a route may declare `name`: a JSON:API name, one of ours with a non a–z character, or a legacy one. */
export function isDeclarableQueryName(name: string): boolean {
  if (isJsonApiParameter(name) || LEGACY_QUERY_NAMES.has(name)) return true
  return IMPLEMENTATION_NAME.test(name) && /[^a-z]/.test(name)
}

export type QueryRules = {
  /** Names the route's querystring schema declares. */
  declared: ReadonlySet<string>
  /** The resource types whose members `fields[type]` may choose (GET routes answering JSON:API documents). */
  fieldsets: ReadonlyMap<string, ResourceMembers>
}

export const EMPTY_QUERY_RULES: QueryRules = { declared: new Set(), fieldsets: new Map() }

/** The sparse fieldsets a GET route honours: every resource type its answer may hold. */
export function fieldsetTypes(resources: DocumentResources): Map<string, ResourceMembers> {
  const types = new Map(resources.included)
  for (const [type, members] of resources.primary) types.set(type, members)
  return types
}

const INCLUDE_UNSUPPORTED = msg('server.jsonApi.noIncludes')
const unknownParameter = (name: string) => msg('server.jsonApi.parameterUnsupported', { name })

/** `fields[type]` → the members chosen for that type. */
export type Fieldsets = Map<string, Set<string>>

/**
 * Checks a request's query against its route's rules: 400 for a name the route does not declare, and for a
 * fieldset naming a type or member the answer does not have. Answers the fieldsets asked for (null: none).
 */
export function checkQuery(query: Record<string, unknown>, rules: QueryRules): Fieldsets | null {
  const errors = []
  let fieldsets: Fieldsets | null = null
  for (const [name, value] of Object.entries(query)) {
    if (rules.declared.has(name)) continue
    const type = /^fields\[([^[\]]+)\]$/.exec(name)?.[1]
    const members = type === undefined ? undefined : rules.fieldsets.get(type)
    if (type !== undefined && members) {
      if (typeof value !== 'string') {
        errors.push(errorObject(400, msg('server.jsonApi.fieldsList', { name }), { parameter: name }))
        continue
      }
      const chosen = value.split(',').filter((member) => member !== '')
      const unknown = chosen.filter(
        (member) => !members.attributes.has(member) && !members.relationships.has(member),
      )
      if (unknown.length > 0) {
        errors.push(
          errorObject(400, msg('server.jsonApi.unknownFields', { name, fields: unknown.join(', ') }), {
            parameter: name,
          }),
        )
        continue
      }
      fieldsets ??= new Map()
      fieldsets.set(type, new Set(chosen))
      continue
    }
    const detail = name === 'include' ? INCLUDE_UNSUPPORTED : unknownParameter(name)
    errors.push(errorObject(400, detail, { parameter: name }))
  }
  if (errors.length > 0) throw new HttpError(400, errors)
  return fieldsets
}

type ResourceObject = {
  type?: unknown
  attributes?: Record<string, unknown>
  relationships?: Record<string, unknown>
}

function keepOnly(members: Record<string, unknown> | undefined, chosen: Set<string>) {
  if (!members) return undefined
  return Object.fromEntries(Object.entries(members).filter(([name]) => chosen.has(name)))
}

function trimResource(resource: ResourceObject, fieldsets: Fieldsets): ResourceObject {
  if (typeof resource !== 'object' || resource === null) return resource
  const chosen = fieldsets.get(String(resource.type))
  if (!chosen) return resource
  const attributes = keepOnly(resource.attributes, chosen)
  const relationships = keepOnly(resource.relationships, chosen)
  return {
    ...resource,
    ...(attributes ? { attributes } : {}),
    ...(relationships ? { relationships } : {}),
  }
}

/** A document with each resource of a chosen type keeping only the chosen attributes and relationships. */
export function applyFieldsets(document: unknown, fieldsets: Fieldsets): unknown {
  if (typeof document !== 'object' || document === null) return document
  const { data, included } = document as { data?: unknown; included?: unknown }
  const trim = (value: unknown) =>
    Array.isArray(value)
      ? value.map((resource) => trimResource(resource, fieldsets))
      : trimResource(value as ResourceObject, fieldsets)
  return {
    ...document,
    ...(data !== undefined ? { data: trim(data) } : {}),
    ...(included !== undefined ? { included: trim(included) } : {}),
  }
}
