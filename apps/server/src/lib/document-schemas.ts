import { z } from 'zod'

// Zod schemas of JSON:API answers. Response schemas document the wire shape and drop anything not listed
// (a stray column never leaks).
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
