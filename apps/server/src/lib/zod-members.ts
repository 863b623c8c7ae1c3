import type { z } from 'zod'

// Reads member names out of the routes' zod schemas, so the JSON:API rules (unknown query parameters, sparse
// fieldsets, read-only members) follow what each route declares instead of lists kept beside it.

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  innerType?: z.ZodType
  element?: z.ZodType
  getter?: () => z.ZodType
  values?: unknown[]
}

const defOf = (schema: unknown): Def | null =>
  (schema as { _zod?: { def?: Def } } | null | undefined)?._zod?.def ?? null

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

/** The object schemas a value may take: through optional, default, pipes (both ends), unions and intersections. */
export function objectShapes(schema: unknown, depth = 0): Record<string, z.ZodType>[] {
  const def = defOf(schema)
  if (!def || depth > 12) return []
  if (def.type === 'object' && def.shape) return [def.shape]
  if (WRAPPERS.has(def.type)) return objectShapes(def.innerType, depth + 1)
  if (def.type === 'pipe') return [...objectShapes(def.in, depth + 1), ...objectShapes(def.out, depth + 1)]
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => objectShapes(option, depth + 1))
  if (def.type === 'intersection')
    return [...objectShapes(def.left, depth + 1), ...objectShapes(def.right, depth + 1)]
  if (def.type === 'lazy' && def.getter) return objectShapes(def.getter(), depth + 1)
  return []
}

/** Every member name an object schema (a body, a query string) declares. */
export function memberNames(schema: unknown): Set<string> {
  return new Set(objectShapes(schema).flatMap((shape) => Object.keys(shape)))
}

/** The member schemas named `name` across the shapes a value may take. */
function membersNamed(schema: unknown, name: string): z.ZodType[] {
  return objectShapes(schema).flatMap((shape) => (shape[name] ? [shape[name]] : []))
}

function arrayElements(schema: unknown, depth = 0): z.ZodType[] {
  const def = defOf(schema)
  if (!def || depth > 12) return []
  if (def.type === 'array' && def.element) return [def.element]
  if (WRAPPERS.has(def.type)) return arrayElements(def.innerType, depth + 1)
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => arrayElements(option, depth + 1))
  return []
}

function literalStrings(schema: unknown, depth = 0): string[] {
  const def = defOf(schema)
  if (!def || depth > 12) return []
  if (def.type === 'literal') return (def.values ?? []).filter((v): v is string => typeof v === 'string')
  if (WRAPPERS.has(def.type)) return literalStrings(def.innerType, depth + 1)
  return []
}

export type ResourceMembers = {
  attributes: Set<string>
  /** Relationship name → whether it holds one resource or a list. */
  relationships: Map<string, 'one' | 'many'>
}

export type DocumentResources = {
  /** The types of the primary data, with their members. */
  primary: Map<string, ResourceMembers>
  /** The types `included` may hold, with their members. */
  included: Map<string, ResourceMembers>
}

function addResources(target: Map<string, ResourceMembers>, resources: z.ZodType[]): void {
  for (const resource of resources) {
    for (const type of membersNamed(resource, 'type').flatMap((member) => literalStrings(member))) {
      const members = target.get(type) ?? { attributes: new Set<string>(), relationships: new Map() }
      for (const attributes of membersNamed(resource, 'attributes'))
        for (const name of memberNames(attributes)) members.attributes.add(name)
      for (const relationships of membersNamed(resource, 'relationships')) {
        for (const shape of objectShapes(relationships)) {
          for (const [name, relationship] of Object.entries(shape)) {
            const many = membersNamed(relationship, 'data').some((data) => arrayElements(data).length > 0)
            members.relationships.set(name, many ? 'many' : 'one')
          }
        }
      }
      target.set(type, members)
    }
  }
}

/** The resource types (and their members) a JSON:API document schema answers with; empty for other answers. */
export function documentResources(schema: unknown): DocumentResources {
  const primary = new Map<string, ResourceMembers>()
  const included = new Map<string, ResourceMembers>()
  for (const data of membersNamed(schema, 'data')) addResources(primary, [data, ...arrayElements(data)])
  for (const list of membersNamed(schema, 'included')) addResources(included, arrayElements(list))
  return { primary, included }
}
