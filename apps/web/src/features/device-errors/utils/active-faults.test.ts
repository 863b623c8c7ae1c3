import { describe, expect, it } from 'vitest'
import { itemErrorResource } from '../../../test/resource-fixtures'
import { activeFaults } from './active-faults'

describe('activeFaults', () => {
  it('leaves out the errors the controller said have ended', () => {
    const faults = activeFaults([
      itemErrorResource('3', { error_code: 'E6', ended_at: '2024-03-05 10:19:30' }),
      itemErrorResource('2', { error_code: 'E3' }),
      itemErrorResource('1', { error_code: 'E3', ended_at: '2024-03-05 09:00:00' }),
    ])
    expect(faults.map((fault) => [fault.code, fault.count])).toEqual([['E3', 1]])
  })
})
