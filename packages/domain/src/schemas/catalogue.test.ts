import { describe, expect, it } from 'vitest'
import { categorySchema, roleSchema, tagSchema } from './catalogue'
import { issuesOf } from './test-issues'

describe('roleSchema', () => {
  it('accepts a name of 1 to 50 characters', () => {
    expect(roleSchema.parse({ name: ' moderator ' })).toEqual({ name: 'moderator' })
    expect(issuesOf(roleSchema, { name: '' })).toEqual({ name: ['Введіть назву ролі'] })
    expect(issuesOf(roleSchema, { name: 'x'.repeat(51) })).toHaveProperty('name')
  })
})

describe('tagSchema', () => {
  it('needs a #rrggbb colour', () => {
    expect(tagSchema.parse({ name: 'Новий', color: '#1A2b3C' })).toEqual({ name: 'Новий', color: '#1A2b3C' })
    expect(issuesOf(tagSchema, { name: 'Новий', color: 'red' })).toEqual({
      color: ['Колір має бути у форматі #rrggbb'],
    })
    expect(issuesOf(tagSchema, { name: 'Новий', color: '#abc' })).toHaveProperty('color')
  })
})

describe('categorySchema', () => {
  it('takes an optional description', () => {
    expect(categorySchema.parse({ name: 'Котли 25 кВт' })).toEqual({ name: 'Котли 25 кВт' })
    expect(categorySchema.parse({ name: 'Котли', description: 'Пелетні' })).toEqual({
      name: 'Котли',
      description: 'Пелетні',
    })
  })

  it('limits name and description', () => {
    expect(issuesOf(categorySchema, { name: ' ' })).toEqual({ name: ['Введіть назву категорії'] })
    expect(
      Object.keys(issuesOf(categorySchema, { name: 'x'.repeat(101), description: 'y'.repeat(1001) })),
    ).toEqual(['name', 'description'])
  })
})
