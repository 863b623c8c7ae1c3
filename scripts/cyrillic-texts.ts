/**
 * The Ukrainian texts written in the domain's and the server's source: every string and template literal with a
 * Cyrillic letter, found with TypeScript's parser (each `${…}` of a template spelled `{0}`, `{1}`, … in order).
 * `message-catalogue.test.ts` fails on one outside the wording files that is not listed as data (ADR 055).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export interface FoundText {
  file: string
  line: number
  /** The text, a template's `${…}` parts as `{0}`, `{1}`, … */
  text: string
}

const CYRILLIC = /\p{Script=Cyrillic}/u

/** The Cyrillic string and template literals of one file (regular expressions and comments are not literals). */
export function cyrillicTexts(file: string, source: string): FoundText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: FoundText[] = []
  const add = (node: ts.Node, text: string) => {
    if (!CYRILLIC.test(text)) return
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
    found.push({ file, line: line + 1, text })
  }
  const visit = (node: ts.Node): void => {
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
export function scanTexts(root: string, directories: readonly string[]): FoundText[] {
  return directories.flatMap((directory) =>
    sourceFiles(root, directory).flatMap((file) =>
      cyrillicTexts(file, readFileSync(path.join(root, file), 'utf8')),
    ),
  )
}
