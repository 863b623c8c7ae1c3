export const JSON_API = 'application/vnd.api+json'

export type ResourceObject = {
  type: string
  id: string
  attributes: Record<string, unknown>
  relationships?: Record<
    string,
    { data: { type: string; id: string } | { type: string; id: string }[] | null }
  >
  links?: { self: string }
}

// Wire dates are UTC in the specification's 'YYYY-MM-DD HH:mm:ss' form.
export function formatDate(value: Date): string
export function formatDate(value: Date | null | undefined): string | null
export function formatDate(value: Date | null | undefined): string | null {
  if (!value) return null
  return value.toISOString().slice(0, 19).replace('T', ' ')
}

export function resource(
  type: string,
  id: number | string,
  attributes: Record<string, unknown>,
  relationships?: ResourceObject['relationships'],
): ResourceObject {
  return {
    type,
    id: String(id),
    attributes,
    ...(relationships ? { relationships } : {}),
    links: { self: `/api/v2/${type}/${id}` },
  }
}

type Relationships = NonNullable<ResourceObject['relationships']>

export type TypedResource<Type extends string, Attributes, Related extends Relationships | undefined> = {
  type: Type
  id: string
  attributes: Attributes
  links: { self: string }
} & (Related extends Relationships ? { relationships: Related } : unknown)

// resource() with its types kept, so handlers match their response schemas.
export function typedResource<
  Type extends string,
  Attributes extends Record<string, unknown>,
  Related extends Relationships | undefined = undefined,
>(type: Type, id: number, attributes: Attributes, relationships?: Related) {
  return resource(type, id, attributes, relationships) as TypedResource<Type, Attributes, Related>
}

type Relationship = { data?: unknown }
type JsonApiBody = {
  data: { id?: unknown; attributes?: Record<string, unknown>; relationships?: Record<string, Relationship> }
}

function isJsonApiBody(body: unknown): body is JsonApiBody {
  if (typeof body !== 'object' || body === null || !('data' in body)) return false
  const data = (body as { data: unknown }).data
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    ('attributes' in data || 'relationships' in data)
  )
}

// Requests may be flat JSON or a JSON:API document; routes validate one flat shape.
// To-one relationships become `<name>_id`, to-many stay a list of {type, id}.
export function flattenBody(body: unknown): unknown {
  if (!isJsonApiBody(body)) return body
  const { attributes = {}, relationships = {} } = body.data
  const flat: Record<string, unknown> = { ...attributes }
  for (const [name, rel] of Object.entries(relationships)) {
    const data = rel?.data
    if (Array.isArray(data)) flat[name] = data
    else if (data && typeof data === 'object' && 'id' in data)
      flat[`${name}_id`] = (data as { id: unknown }).id
    else if (data === null) flat[`${name}_id`] = null
  }
  return flat
}
