/** One character per box; '' is an empty box. */
export type CodeBoxes = readonly string[]

export interface CodeChange {
  code: string[]
  /** The box to focus next. */
  focus: number
}

const CODE_CHARACTER = /^[0-9a-z]$/i

export function emptyCode(length: number): string[] {
  return Array.from({ length }, () => '')
}

/** Letters and digits of `text`; spaces and dashes of a copied code are dropped. */
export function codeCharacters(text: string): string[] {
  return [...text].filter((character) => CODE_CHARACTER.test(character))
}

/** Spreads pasted characters from box `index` on; a whole code fills every box from the first. */
export function pasteInto(code: CodeBoxes, index: number, text: string): CodeChange {
  const characters = codeCharacters(text)
  const next = [...code]
  if (characters.length === 0) return { code: next, focus: index }
  const start = characters.length >= code.length ? 0 : index
  const placed = characters.slice(0, code.length - start)
  placed.forEach((character, offset) => {
    next[start + offset] = character
  })
  return { code: next, focus: Math.min(start + placed.length, code.length - 1) }
}

/** What the box at `index` now holds after typing; one new character moves on to the next box. */
export function typeInto(code: CodeBoxes, index: number, value: string): CodeChange {
  const characters = codeCharacters(value)
  const previous = code[index] ?? ''
  // The old character stays in the box when typing over it: keep the new one.
  if (characters.length === 2 && characters.includes(previous)) {
    characters.splice(characters.indexOf(previous), 1)
  }
  if (characters.length > 1) return pasteInto(code, index, characters.join(''))
  const next = [...code]
  next[index] = characters[0] ?? ''
  const focus = characters.length === 1 ? Math.min(index + 1, code.length - 1) : index
  return { code: next, focus }
}

/** Backspace empties the box, or, in an empty box, steps back and empties the one before. */
export function backspaceAt(code: CodeBoxes, index: number): CodeChange {
  const next = [...code]
  if (next[index] || index === 0) {
    next[index] = ''
    return { code: next, focus: index }
  }
  next[index - 1] = ''
  return { code: next, focus: index - 1 }
}
