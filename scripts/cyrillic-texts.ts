/**
 * The Ukrainian texts written in the domain's and the server's source: every string and template literal with a
 * Cyrillic letter, found with TypeScript's parser, as the English catalogue's keys spell them (each `${…}` of a
 * template is `{0}`, `{1}`, … in order). `cyrillic-texts.test.ts` fails when one has no English.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export interface FoundText {
  file: string
  line: number
  /** The text as a catalogue key: a template's `${…}` parts become `{0}`, `{1}`, … */
  text: string
}

const CYRILLIC = /\p{Script=Cyrillic}/u

export interface ScanOptions {
  /** Also the `uk` members of `Record<Language, …>` tables, which are skipped otherwise. */
  withTwins?: boolean
}

/** The Cyrillic string and template literals of one file (regular expressions and comments are not literals). */
export function cyrillicTexts(file: string, source: string, options: ScanOptions = {}): FoundText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: FoundText[] = []
  const add = (node: ts.Node, text: string) => {
    if (!CYRILLIC.test(text)) return
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
    found.push({ file, line: line + 1, text })
  }
  const visit = (node: ts.Node): void => {
    if (!options.withTwins && isUkrainianTwin(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // An import's module name or a property written in quotes is no message, but neither is ever Cyrillic.
      add(node, node.text)
      return
    }
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text
      node.templateSpans.forEach((span, index) => {
        text += `{${index}}${span.literal.text}`
      })
      add(node, text)
      // Literals inside the placeholders are texts of their own.
      for (const span of node.templateSpans) visit(span.expression)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found
}

const propertyName = (property: ts.ObjectLiteralElementLike): string | undefined =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined

/**
 * The `uk` member of a `Record<Language, …>` table (an object literal that has an `en` member too): its English
 * is written beside it, and the table picks the recipient's language itself (ADR 029).
 */
function isUkrainianTwin(node: ts.Node): boolean {
  if (!ts.isPropertyAssignment(node) || propertyName(node) !== 'uk') return false
  return node.parent.properties.some((sibling) => propertyName(sibling) === 'en')
}

const SOURCE = /\.tsx?$/
// Tests and the data only tests use are not shipped.
const TEST = /\.test(-data)?\.tsx?$/

/** The non-test TypeScript files under a directory, as paths relative to `root`. */
export function sourceFiles(root: string, directory: string): string[] {
  const out: string[] = []
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name)
      if (entry.isDirectory()) walk(child)
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(child)
    }
  }
  walk(directory)
  return out.sort()
}

/** Every Cyrillic text of the given directories' source files. */
export function scanTexts(
  root: string,
  directories: readonly string[],
  options: ScanOptions = {},
): FoundText[] {
  return directories.flatMap((directory) =>
    sourceFiles(root, directory).flatMap((file) =>
      cyrillicTexts(file, readFileSync(path.join(root, file), 'utf8'), options),
    ),
  )
}
