/**
 * Messages translated gettext-style (ADR 032): the Ukrainian wording is the message id, and a catalogue maps it
 * to another language. A key may be a template: `{0}`, `{1}`, … stand for the parts the code interpolates
 * (`${…}` in the source), and the translation places them where its language wants them. A part is translated in
 * turn, unless the key quotes it as a name («{0}»): a boiler called «Котел» stays «Котел».
 */

/** Ukrainian text or template → its translation (the same placeholders, in any order). */
export type Catalogue = Readonly<Record<string, string>>

/** Turns a Ukrainian text into the catalogue's language; a text it does not know comes back unchanged. */
export type Translator = (text: string) => string

interface Template {
  pattern: RegExp
  translation: string
  /** Placeholders between «» in the key: a name (a device's, a person's), kept as it is. */
  names: ReadonlySet<string>
  /** Letters outside the placeholders: a template that says more is tried first. */
  literalLength: number
}

const PLACEHOLDER = /\{(\d+)\}/g
// Captured parts are translated again (a label or "30 с" inside a message); a cycle stops here.
const MAX_DEPTH = 4

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function compileTemplate(key: string, translation: string): Template | null {
  const literals = key.split(/\{\d+\}/)
  if (literals.length === 1) return null
  const order = [...key.matchAll(PLACEHOLDER)].map((match) => Number(match[1]))
  const names = new Set(
    order
      .filter((_, index) => literals[index]!.endsWith('«') && literals[index + 1]!.startsWith('»'))
      .map(String),
  )
  // Each placeholder captures into the group named after its number, whatever its position.
  const source = literals
    .map((literal, index) =>
      index < order.length
        ? `${escapeRegExp(literal)}(?<p${order[index]}>[\\s\\S]+?)`
        : escapeRegExp(literal),
    )
    .join('')
  return {
    pattern: new RegExp(`^${source}$`, 'u'),
    translation,
    names,
    literalLength: literals.join('').length,
  }
}

/** A Ukrainian number with a decimal comma ("0,5") is written with a point in English. */
const DECIMAL_COMMA = /^-?\d+,\d+$/

export function compileCatalogue(catalogue: Catalogue): Translator {
  const exact = new Map<string, string>()
  const templates: Template[] = []
  for (const [key, translation] of Object.entries(catalogue)) {
    const template = compileTemplate(key, translation)
    if (template) templates.push(template)
    else exact.set(key, translation)
  }
  templates.sort((a, b) => b.literalLength - a.literalLength)

  const translate = (text: string, depth: number): string => {
    const known = exact.get(text)
    if (known !== undefined) return known
    if (DECIMAL_COMMA.test(text)) return text.replace(',', '.')
    if (depth >= MAX_DEPTH) return text
    for (const template of templates) {
      const groups = template.pattern.exec(text)?.groups
      if (!groups) continue
      return template.translation.replace(PLACEHOLDER, (placeholder, index: string) => {
        const part = groups[`p${index}`]
        if (part === undefined) return placeholder
        return template.names.has(index) ? part : translate(part, depth + 1)
      })
    }
    return text
  }
  return (text) => translate(text, 0)
}
