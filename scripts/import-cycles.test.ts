import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importCycles, sourceFiles } from './check-boundaries.ts'
import { CYCLE_ROOTS, findCycles, importGraph, resolveImport } from './import-cycles.ts'

const graphOf = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([file, targets]) => [file, targets.map((target) => ({ target }))]))

describe('import cycles', () => {
  it('resolves extensionless, .ts, .js and folder-index imports to the files that exist', () => {
    const known = new Set(['src/a/b.ts', 'src/c.tsx', 'src/d/index.ts', 'src/e.ts'])
    expect(resolveImport('src/a/x.ts', './b', known)).toBe('src/a/b.ts')
    expect(resolveImport('src/a/x.ts', './b.ts', known)).toBe('src/a/b.ts')
    expect(resolveImport('src/a/x.ts', '../c', known)).toBe('src/c.tsx')
    expect(resolveImport('src/a/x.ts', '../e.js', known)).toBe('src/e.ts')
    expect(resolveImport('src/a/x.ts', '../d', known)).toBe('src/d/index.ts')
    expect(resolveImport('src/a/x.ts', '../missing', known)).toBeNull()
  })

  it('finds a circle through type-only imports and `export … from`, and the line of each import', () => {
    const files = new Map([
      ['src/a.ts', "import type { B } from './b.ts'\nexport const a = 1\n"],
      ['src/b.ts', "export { c } from './c'\nexport type B = 1\n"],
      ['src/c.ts', "import { a } from './a'\nimport { z } from 'zod'\nexport const c = a\n"],
      ['src/d.ts', "import { a } from './a'\n"],
    ])
    const graph = importGraph(files)
    expect(graph.get('src/c.ts')).toEqual([{ target: 'src/a.ts', line: 1 }])
    expect(findCycles(graph)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts']])
  })

  it('reports nothing for imports that only go one way, however they branch and meet again', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [], e: ['a', 'd'] }))).toEqual([])
  })

  it('reports each group of files that import each other once, with its shortest way round', () => {
    const cycles = findCycles(
      graphOf({
        'x/card': ['x/table'],
        'x/table': ['x/card', 'x/state'],
        'x/state': [],
        'm/doc': ['m/wire', 'm/long1'],
        'm/wire': ['m/doc'],
        'm/long1': ['m/long2'],
        'm/long2': ['m/doc'],
      }),
    )
    expect(cycles).toEqual([
      ['m/doc', 'm/wire', 'm/doc'],
      ['x/card', 'x/table', 'x/card'],
    ])
  })

  it('follows a chain deeper than the call stack would allow', () => {
    const depth = 20_000
    const edges: Record<string, string[]> = {}
    for (let i = 0; i < depth; i++) edges[`f${i}`] = [`f${(i + 1) % depth}`]
    const [cycle] = findCycles(graphOf(edges))
    expect(cycle).toHaveLength(depth + 1)
  })

  it('catches the pairs the tree had: item-document ↔ schedule-document, data-cards ↔ data-table', () => {
    const files = new Map([
      [
        'apps/server/src/modules/items/item-document.ts',
        "import { activePeriodOf } from '../schedule/schedule-document.ts'\n",
      ],
      [
        'apps/server/src/modules/schedule/schedule-document.ts',
        "import type { ItemRow } from '../items/item-document.ts'\n",
      ],
      ['apps/web/src/components/ui/data-cards.tsx', "import type { Column } from './data-table'\n"],
      ['apps/web/src/components/ui/data-table.tsx', "import { DataCards } from './data-cards'\n"],
    ])
    expect(findCycles(importGraph(files))).toEqual([
      [
        'apps/server/src/modules/items/item-document.ts',
        'apps/server/src/modules/schedule/schedule-document.ts',
        'apps/server/src/modules/items/item-document.ts',
      ],
      [
        'apps/web/src/components/ui/data-cards.tsx',
        'apps/web/src/components/ui/data-table.tsx',
        'apps/web/src/components/ui/data-cards.tsx',
      ],
    ])
  })

  it('the server, web and domain sources have no import cycle', () => {
    const root = fileURLToPath(new URL('../', import.meta.url))
    const files = sourceFiles(root)
    expect(files.filter((file) => CYCLE_ROOTS.some((tree) => file.startsWith(tree))).length).toBeGreaterThan(
      500,
    )
    expect(importCycles(root, files)).toEqual([])
  })
})
