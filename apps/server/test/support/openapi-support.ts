type Schemas = Record<string, unknown>

/**
 * `value` with every `$ref` to a named schema of `document` replaced by that schema, recursively (a schema
 * met again inside itself stays a `$ref`): what a reader of the OpenAPI document sees through the names.
 */
export function inlineRefs(document: object, value: unknown): unknown {
  const schemas = (document as { components?: { schemas?: Schemas } }).components?.schemas ?? {}
  const walk = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((entry) => walk(entry, seen))
    if (node === null || typeof node !== 'object') return node
    const ref = (node as { $ref?: unknown }).$ref
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length)
      if (seen.includes(name) || !(name in schemas)) return node
      return walk(schemas[name], [...seen, name])
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child, seen)]))
  }
  return walk(value, [])
}
