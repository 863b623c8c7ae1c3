import { describe, expect, it } from 'vitest'
import { helpRequestSchema } from './help'
import { issuesOf } from './test-issues'

describe('helpRequestSchema', () => {
  it('accepts and trims a request', () => {
    expect(helpRequestSchema.parse({ name: ' Петро ', problem: ' Котел не запускається ' })).toEqual({
      name: 'Петро',
      problem: 'Котел не запускається',
    })
  })

  it('rejects blank fields with the messages of the specification', () => {
    expect(issuesOf(helpRequestSchema, { name: '   ', problem: '\n\t' })).toEqual({
      name: ["Будь ласка, введіть ваше ім'я"],
      problem: ['Будь ласка, опишіть проблему'],
    })
    expect(issuesOf(helpRequestSchema, {})).toEqual({
      name: ["Будь ласка, введіть ваше ім'я"],
      problem: ['Будь ласка, опишіть проблему'],
    })
  })

  it('limits the lengths', () => {
    expect(helpRequestSchema.safeParse({ name: 'a'.repeat(100), problem: 'b'.repeat(5000) }).success).toBe(
      true,
    )
    expect(
      Object.keys(issuesOf(helpRequestSchema, { name: 'a'.repeat(101), problem: 'b'.repeat(5001) })),
    ).toEqual(['name', 'problem'])
  })
})
