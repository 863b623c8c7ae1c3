import { describe, expect, it } from 'vitest'
import { itemKeys } from './item-keys'

describe('itemKeys', () => {
  it('puts every list and every device under one root, so one invalidation covers them all', () => {
    for (const key of [itemKeys.list({}), itemKeys.list({ sort: 'name' }), itemKeys.detail('3')]) {
      expect(key.slice(0, itemKeys.all.length)).toEqual(itemKeys.all)
    }
  })
})
