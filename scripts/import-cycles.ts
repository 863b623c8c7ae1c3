/**
 * Import cycles, checked by `npm run lint` through scripts/check-boundaries.ts (ADR 053). A cycle makes the
 * order modules initialise in depend on which file is loaded first, and it hides which of two files is the lower
 * one. Type-only imports count too: they tie the files together for a reader just the same.
 */
import path from 'node:path'
import { importsOf } from './source-imports.ts'

/** The source trees checked for cycles (repository paths). */
export const CYCLE_ROOTS = ['apps/server/src/', 'apps/web/src/', 'packages/domain/src/']

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']

/**
 * The file a relative import names, among `known` (repository paths), or null when it names none of them:
 * `./a`, `./a.ts`, `./a.js` (TypeScript's convention for `a.ts`) and `./a` for `a/index.ts` all resolve.
 */
export function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const joined = path.posix.join(path.posix.dirname(from), specifier)
  const bare = joined.replace(/\.(m|c)?(t|j)sx?$/, '')
  const candidates = [
    joined,
    ...EXTENSIONS.map((ext) => `${bare}${ext}`),
    ...EXTENSIONS.map((ext) => `${joined}/index${ext}`),
  ]
  return candidates.find((file) => known.has(file)) ?? null
}

/** Each file's relative imports that resolve to another file of `files`. */
export function importGraph(
  files: ReadonlyMap<string, string>,
): Map<string, { target: string; line: number }[]> {
  const known = new Set(files.keys())
  const graph = new Map<string, { target: string; line: number }[]>()
  for (const [file, source] of files) {
    const edges: { target: string; line: number }[] = []
    for (const { specifier, line } of importsOf(source)) {
      if (!specifier.startsWith('.')) continue
      const target = resolveImport(file, specifier, known)
      if (target && target !== file) edges.push({ target, line })
    }
    graph.set(file, edges)
  }
  return graph
}

/**
 * One cycle per group of files that import each other (a strongly connected component, Tarjan's algorithm),
 * each as the files in import order starting from its smallest path, the first repeated at the end.
 */
export function findCycles(graph: ReadonlyMap<string, readonly { target: string }[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let next = 0

  // Iterative, so a deep import chain cannot overflow the call stack.
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!.target
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, edge: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      if (component.length > 1) components.push(component)
    }
  }
  return components.map((component) => cycleThrough(graph, new Set(component))).sort()
}

// The shortest way from the component's first file back to itself, staying inside the component.
function cycleThrough(
  graph: ReadonlyMap<string, readonly { target: string }[]>,
  members: ReadonlySet<string>,
): string[] {
  const start = [...members].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const { target } of graph.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const cycle = [start]
        for (let at = node; at !== start; at = cameFrom.get(at)!) cycle.splice(1, 0, at)
        return [...cycle, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node)
        queue.push(target)
      }
    }
  }
  return [start, start]
}
