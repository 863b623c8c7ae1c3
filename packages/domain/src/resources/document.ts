import { z } from 'zod'

// Zod builders of the JSON:API envelope (see docs/api.md). On the server, response schemas made from them
// validate, serialise (dropping any member not listed, so a stray column never leaks) and document each answer.

export const identifierSchema = <Type extends string>(type: Type) =>
  z.object({ type: z.literal(type), id: z.string() })

export const toOneSchema = <Type extends string>(type: Type) => z.object({ data: identifierSchema(type) })

export const toManySchema = <Type extends string>(type: Type) =>
  z.object({ data: z.array(identifierSchema(type)) })

/** Wire dates: UTC as 'YYYY-MM-DD HH:mm:ss' (spec §3). */
export const wireDate = z.string().describe("UTC, 'YYYY-MM-DD HH:mm:ss'")

export const timestampsShape = { created_at: wireDate, updated_at: wireDate }

/** A resource with its self link; add relationships with `.extend`, drop the link with `.omit`. */
export function resourceSchema<Type extends string, Attributes extends z.ZodRawShape>(
  type: Type,
  attributes: Attributes,
) {
  return z.object({
    type: z.literal(type),
    id: z.string(),
    attributes: z.object(attributes),
    links: z.object({ self: z.string() }),
  })
}

export const pageMetaSchema = z.object({
  page: z.object({
    currentPage: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
    perPage: z.number().int(),
    lastPage: z.number().int(),
    total: z.number().int(),
  }),
})

export const pageLinksSchema = z.object({
  first: z.string(),
  prev: z.string().optional(),
  next: z.string().optional(),
  last: z.string(),
})

export function documentSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ data })
}

export function listDocumentSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ data: z.array(data), meta: pageMetaSchema, links: pageLinksSchema })
}

/** Adds the `included` member (present when the request asked for `include`). */
export function withIncluded<Shape extends z.ZodRawShape, Included extends z.ZodType>(
  document: z.ZodObject<Shape>,
  included: Included,
) {
  return document.extend({ included: z.array(included).optional() })
}

export const errorObjectSchema = z.object({
  status: z.string(),
  title: z.string(),
  detail: z.string(),
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
})

export const errorDocumentSchema = z.object({ errors: z.array(errorObjectSchema) })

/** A 204 answer: no body (documents the status; nothing is serialised). */
export const noContentSchema = z.null().describe('No content')
