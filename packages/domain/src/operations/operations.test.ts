import { describe, expect, it } from 'vitest'
import { fastifyPath, OPERATIONS, operationPath, operations } from './index'

describe('declared operations', () => {
  it('have unique ids, each the key it is listed under', () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length)
    for (const [key, op] of Object.entries(operations)) expect(op.id).toBe(key)
  })

  it('declare exactly the path parameters their path names, and a body type with every body', () => {
    for (const op of OPERATIONS) {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const declared = Object.keys(
        (op.params as unknown as { shape?: Record<string, unknown> })?.shape ?? {},
      ).sort()
      expect({ id: op.id, params: declared }).toEqual({ id: op.id, params: inPath })
      expect(op.path.startsWith('/')).toBe(true)
      // A body is a JSON:API document of a declared type (its flat form accepted beside it); an upload's is a
      // form, and a plain-JSON operation (the token answers) takes plain JSON.
      if (op.body && op.bodyMediaType === undefined && op.jsonApi !== false)
        expect(op.type, op.id).toMatch(/^[a-z]+(-[a-z]+)*$/)
    }
  })

  it('open to personal API tokens only for devices: never the account, sharing, tokens, users or catalogues', () => {
    const open = OPERATIONS.filter((op) => op.token !== undefined)
    for (const op of open) {
      // A device's own data, or the list of devices (each then filtered by the token's devices).
      expect(op.path === '/items' || op.path.startsWith('/items/{id}'), op.id).toBe(true)
      expect(op.path, op.id).not.toMatch(/shares|owner-code|pairing-code|audit|handover/)
      // A token that only reads may not write.
      if (op.method !== 'GET') expect(op.token, op.id).toBe('control')
    }
    expect(open.map((op) => op.id).sort()).toEqual(
      [
        'getEnergyCounters',
        'getHeatingInstallation',
        'getItem',
        'getItemConsumption',
        'getItemFuel',
        'getItemHistory',
        'getMaintenance',
        'getPelletStore',
        'getSchedule',
        'listItemAlarms',
        'listItems',
        'updateItem',
        'updateSchedule',
      ].sort(),
    )
    for (const op of OPERATIONS.filter((one) => one.path.startsWith('/me')))
      expect(op.token, op.id).toBeUndefined()
  })

  it("writes a call's path and the server's route from one declaration", () => {
    expect(operationPath(operations.getCategory, { id: 'a/b' })).toBe('/categories/a%2Fb')
    expect(fastifyPath(operations.getCategory)).toBe('/categories/:id')
    expect(() => operationPath(operations.getCategory, {})).toThrow('missing path parameter id')
  })
})
