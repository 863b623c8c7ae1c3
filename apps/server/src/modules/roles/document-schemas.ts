import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { type ResourceObject, resource } from '../../lib/jsonapi.ts'
import { JSON_API } from '../../plugins/external/errors.ts'

// Response schemas document the wire shape and drop anything not listed (a stray column never leaks).
const identifier = z.object({ type: z.string(), id: z.string() })

export function resourceSchema<Attributes extends z.ZodRawShape>(
  type: string,
  attributes: Attributes,
  relationships?: z.ZodRawShape,
) {
  return z.object({
    type: z.literal(type),
    id: z.string(),
    attributes: z.object(attributes),
    ...(relationships ? { relationships: z.object(relationships).optional() } : {}),
    links: z.object({ self: z.string() }),
  })
}

type Relationships = NonNullable<ResourceObject['relationships']>

export type TypedResource<Type extends string, Attributes, Related extends Relationships | undefined> = {
  type: Type
  id: string
  attributes: Attributes
  relationships?: Related
  links: { self: string }
}

// lib/jsonapi's resource() with its types kept, so handlers match their response schemas.
export function typedResource<
  Type extends string,
  Attributes extends Record<string, unknown>,
  Related extends Relationships | undefined = undefined,
>(type: Type, id: number, attributes: Attributes, relationships?: Related) {
  return resource(type, id, attributes, relationships) as TypedResource<Type, Attributes, Related>
}

export const toManyRelationship = z.object({ data: z.array(identifier) })

const timestamps = { created_at: z.string().nullable(), updated_at: z.string().nullable() }
export const withTimestamps = <Shape extends z.ZodRawShape>(shape: Shape) => ({ ...shape, ...timestamps })

export const pageMetaSchema = z.object({
  page: z.object({
    currentPage: z.number(),
    from: z.number(),
    to: z.number(),
    perPage: z.number(),
    lastPage: z.number(),
    total: z.number(),
  }),
})

export const pageLinksSchema = z.object({
  first: z.string(),
  prev: z.string().optional(),
  next: z.string().optional(),
  last: z.string(),
})

export function documentSchema<Resource extends z.ZodType>(data: Resource, included?: z.ZodType) {
  return z.object({ data, ...(included ? { included: z.array(included).optional() } : {}) })
}

export function listDocumentSchema<Resource extends z.ZodType>(data: Resource, included?: z.ZodType) {
  return z.object({
    data: z.array(data),
    meta: pageMetaSchema,
    links: pageLinksSchema,
    ...(included ? { included: z.array(included).optional() } : {}),
  })
}

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

// Success answers carry the JSON:API media type too (errors get it from the error handler).
export function answerJsonApi(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300 && reply.statusCode !== 204) reply.type(JSON_API)
    return payload
  })
}
