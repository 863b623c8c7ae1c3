import { describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter, idField, plainText, requiredText } from './fields'

describe('text without control characters', () => {
  it('finds C0, DEL and C1 characters; tab and line breaks only in multi-line text', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f', '\u0085']) {
      expect(hasControlCharacter(bad)).toBe(true)
    }
    expect(hasControlCharacter('Котел №1 — «Теплий дім»')).toBe(false)
    expect(hasControlCharacter('рядок\nрядок\tще\r\n')).toBe(true)
    expect(hasControlCharacter('рядок\nрядок\tще\r\n', true)).toBe(false)
    expect(hasControlCharacter('a\u0000b', true)).toBe(true)
  })

  it('answers the field with a message of its own', () => {
    const result = requiredText('Введіть назву').safeParse('name\u0000')
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE])
    expect(plainText().safeParse('ok').success).toBe(true)
    expect(requiredText('x', undefined, { multiline: true }).parse(' a\nb ')).toBe('a\nb')
  })
})

describe('idField', () => {
  it('takes decimal ids within the database integer and numbers, as strings', () => {
    const id = idField('Оберіть')
    expect(id.parse('5')).toBe('5')
    expect(id.parse(7)).toBe('7')
    expect(id.parse('2147483647')).toBe('2147483647')
    for (const bad of ['0', '01', '0x10', '1e3', '1.0', '2147483648', 2147483648, 'abc', ' ']) {
      expect(id.safeParse(bad).success).toBe(false)
    }
  })
})
