/**
 * Feature boundaries, checked by `npm run lint` (docs/decisions/009-boundaries-and-production-install.md).
 *
 * Every import in apps/web/src, apps/server/src and packages/domain/src is checked against the layer rules
 * below, and every import of a package anywhere in the repository must be declared by the package.json of the
 * workspace it is in (or the root's, for root files such as this one). A violation prints as
 * `file:line imports X (rule)` and makes the check exit 1. Known violations that are waiting for their fix are
 * listed in scripts/boundaries-allow.txt (`from -> to`); that list should shrink.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CYCLE_ROOTS, findCycles, importGraph } from './import-cycles.ts'
import { importsOf } from './source-imports.ts'

export interface Violation {
  file: string
  line: number
  /** The repository path the import resolves to, or the bare specifier as written. */
  target: string
  rule: string
}

const WEB = 'apps/web/src/'
const SERVER = 'apps/server/src/'
const DOMAIN = 'packages/domain/'

const builtins = new Set(builtinModules)

/** Packages the domain package must not import: it is pure TypeScript shared by server and web. */
function forbiddenInDomain(specifier: string): boolean {
  const name = packageOf(specifier)
  if (name === null) return true // node:* and Node's built-in modules
  if (name === 'react' || name === 'react-dom') return true
  if (name.startsWith('drizzle-')) return true
  if (name === 'fastify' || name.startsWith('fastify-') || name.startsWith('@fastify/')) return true
  return name.startsWith('@teplo/') && name !== '@teplo/domain'
}

/** The folder of a file under `base` (`features/devices/api/x.ts` → ['features', 'devices']). */
function parts(file: string, base: string): string[] {
  return file.slice(base.length).split('/')
}

/**
 * The rule an import breaks, or null. `from` is the importing file and `target` either the repository path a
 * relative import resolves to (no extension needed) or a bare specifier; both use forward slashes.
 */
export function brokenRule(from: string, target: string, relative: boolean): string | null {
  if (from.startsWith(DOMAIN)) {
    if (relative) return target.startsWith(DOMAIN) ? null : 'domain imports nothing outside packages/domain'
    return forbiddenInDomain(target) ? 'domain imports no node:*, React, Drizzle, Fastify or app code' : null
  }
  if (!relative) return null

  if (from.startsWith(WEB) && target.startsWith(WEB)) {
    const [fromTop, fromFeature] = parts(from, WEB)
    const [toTop, toFeature] = parts(target, WEB)
    if ((fromTop === 'lib' || fromTop === 'components') && (toTop === 'features' || toTop === 'app')) {
      return `web ${fromTop}/ imports nothing from ${toTop}/`
    }
    if (fromTop === 'features' && toTop === 'app') return 'web features/ import nothing from app/'
    if (fromTop === 'features' && toTop === 'features' && fromFeature !== toFeature) {
      return 'web features/<a> imports no other feature'
    }
    return null
  }

  if (from.startsWith(SERVER) && target.startsWith(SERVER)) {
    const [fromTop] = parts(from, SERVER)
    const [toTop] = parts(target, SERVER)
    if (fromTop === 'lib' && (toTop === 'modules' || toTop === 'plugins' || toTop === 'routes')) {
      return `server lib/ imports nothing from ${toTop}/`
    }
    if ((fromTop === 'modules' || fromTop === 'plugins') && toTop === 'routes') {
      return `server ${fromTop}/ import nothing from routes/`
    }
  }
  return null
}

/** The package a bare specifier names (`@mui/material/Button` → `@mui/material`), or null for Node's own. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:')) return null
  const [first, second] = specifier.split('/')
  const name = first!.startsWith('@') ? `${first}/${second}` : first!
  return builtins.has(name) ? null : name
}

/** What one package.json declares: its name and every dependency kind. */
export interface Manifest {
  name: string
  declared: Set<string>
}

export interface PackageJson {
  name?: string
  workspaces?: string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

export function manifestOf(pkg: PackageJson): Manifest {
  const declared = new Set<string>()
  for (const deps of [
    pkg.dependencies,
    pkg.devDependencies,
    pkg.peerDependencies,
    pkg.optionalDependencies,
  ]) {
    for (const name of Object.keys(deps ?? {})) declared.add(name)
  }
  return { name: pkg.name ?? '', declared }
}

/** The rule a bare import breaks when the importing workspace does not declare the package, or null. */
export function undeclaredRule(specifier: string, manifest: Manifest): string | null {
  const name = packageOf(specifier)
  if (name === null || name === manifest.name || manifest.declared.has(name)) return null
  // A type-only package may be declared through its @types package.
  const typesName = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`
  if (manifest.declared.has(typesName)) return null
  return `${manifest.name || 'the root package'} does not declare ${name}`
}

/**
 * The violations of one file (`file` relative to the repository root, forward slashes). With `manifest` (the
 * package.json of the file's workspace), packages it imports must be declared there.
 */
export function checkFile(file: string, source: string, manifest?: Manifest): Violation[] {
  const violations: Violation[] = []
  for (const { specifier, line } of importsOf(source)) {
    const relative = specifier.startsWith('.')
    const target = relative ? stripExtension(path.posix.join(path.posix.dirname(file), specifier)) : specifier
    const rule =
      brokenRule(file, target, relative) ??
      (!relative && manifest ? undeclaredRule(specifier, manifest) : null)
    if (rule) violations.push({ file, line, target, rule })
  }
  return violations
}

function stripExtension(file: string): string {
  return file.replace(/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/, '')
}

/** `from -> to` lines of the allow-list; `#` starts a comment. */
export function parseAllowList(text: string): Set<string> {
  const entries = new Set<string>()
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim()
    if (!line) continue
    const [from, to] = line.split('->').map((s) => s.trim())
    if (!from || !to) throw new Error(`boundaries allow-list: cannot read "${raw}" (expected "from -> to")`)
    entries.add(`${stripExtension(from)} -> ${stripExtension(to)}`)
  }
  return entries
}

export function allowKey(v: Pick<Violation, 'file' | 'target'>): string {
  return `${stripExtension(v.file)} -> ${v.target}`
}

/** Source files git knows of or would add (tracked, or untracked and not ignored). */
export function sourceFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
  return listed
    .split('\0')
    .filter((f) => /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(f) && existsSync(path.join(root, f)))
    .sort()
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** The import cycles within each of the checked source trees. */
export function importCycles(root: string, files: string[]): string[][] {
  return CYCLE_ROOTS.flatMap((tree) => {
    const sources = new Map(
      files
        .filter((file) => file.startsWith(tree))
        .map((file) => [file, readFileSync(path.join(root, file), 'utf8')] as const),
    )
    return findCycles(importGraph(sources))
  })
}

function main(): void {
  const root = fileURLToPath(new URL('../', import.meta.url))
  const allowed = parseAllowList(readFileSync(path.join(root, 'scripts/boundaries-allow.txt'), 'utf8'))
  const rootPackage = readJson<PackageJson>(path.join(root, 'package.json'))
  const workspaces = (rootPackage.workspaces ?? [])
    .map((dir) => ({
      dir: `${dir.replace(/\/$/, '')}/`,
      manifest: manifestOf(readJson<PackageJson>(path.join(root, dir, 'package.json'))),
    }))
    .sort((a, b) => b.dir.length - a.dir.length)
  const rootManifest = manifestOf(rootPackage)
  const manifestFor = (file: string) =>
    workspaces.find((w) => file.startsWith(w.dir))?.manifest ?? rootManifest

  const files = sourceFiles(root)
  const found = files.flatMap((file) =>
    checkFile(file, readFileSync(path.join(root, file), 'utf8'), manifestFor(file)),
  )

  const used = new Set<string>()
  const violations = found.filter((v) => {
    const key = allowKey(v)
    if (!allowed.has(key)) return true
    used.add(key)
    return false
  })
  for (const entry of allowed) {
    if (!used.has(entry)) {
      console.warn(`scripts/boundaries-allow.txt: "${entry}" no longer occurs; remove it from the list`)
    }
  }
  for (const v of violations) console.error(`${v.file}:${v.line} imports ${v.target} (${v.rule})`)
  const cycles = importCycles(root, files)
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' -> ')}`)
  if (violations.length > 0 || cycles.length > 0) {
    console.error(
      `\n${violations.length} boundary violation(s), ${cycles.length} import cycle(s); the rules are in scripts/check-boundaries.ts and scripts/import-cycles.ts`,
    )
    process.exit(1)
  }
  console.log(
    `Boundaries: ${files.length} files, no violations (${used.size} allow-listed), no import cycles`,
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
