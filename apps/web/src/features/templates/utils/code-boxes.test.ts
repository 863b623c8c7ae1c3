import { describe, expect, it } from 'vitest'
import { backspaceAt, emptyCode, pasteInto, typeInto } from './code-boxes'

describe('code boxes', () => {
  it('puts a typed character in its box and moves to the next one', () => {
    expect(typeInto(emptyCode(4), 0, '7')).toEqual({ code: ['7', '', '', ''], focus: 1 })
    expect(typeInto(['1', '2', '3', ''], 3, 'a')).toEqual({ code: ['1', '2', '3', 'a'], focus: 3 })
  })

  it('replaces the character of a filled box with the one typed over it', () => {
    expect(typeInto(['1', '2', '', ''], 1, '29')).toEqual({ code: ['1', '9', '', ''], focus: 2 })
  })

  it('ignores characters that cannot be in a code', () => {
    expect(typeInto(emptyCode(4), 0, '-')).toEqual({ code: ['', '', '', ''], focus: 0 })
  })

  it('spreads a pasted whole code over all boxes, whichever box it is pasted in', () => {
    expect(pasteInto(emptyCode(4), 2, ' 12-3A ')).toEqual({ code: ['1', '2', '3', 'A'], focus: 3 })
  })

  it('fills a shorter paste from the box it lands in', () => {
    expect(pasteInto(['9', '', '', ''], 1, '45')).toEqual({ code: ['9', '4', '5', ''], focus: 3 })
  })

  it('treats several characters arriving at once (autofill) as a paste', () => {
    expect(typeInto(emptyCode(4), 0, '4821')).toEqual({ code: ['4', '8', '2', '1'], focus: 3 })
  })

  it('empties a filled box on Backspace and stays there', () => {
    expect(backspaceAt(['1', '2', '3', ''], 2)).toEqual({ code: ['1', '2', '', ''], focus: 2 })
  })

  it('steps back and empties the previous box on Backspace in an empty box', () => {
    expect(backspaceAt(['1', '2', '', ''], 2)).toEqual({ code: ['1', '', '', ''], focus: 1 })
    expect(backspaceAt(emptyCode(4), 0)).toEqual({ code: ['', '', '', ''], focus: 0 })
  })
})
