import { describe, expect, it } from 'vitest'
import { buildVersion, shellFiles } from './vite-plugin'

const chunk = (fileName: string, imports: string[], css: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
})

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js', ['assets/react-2.js'], ['assets/index-1.css'], true),
  'assets/react-2.js': chunk('assets/react-2.js', []),
  'assets/history-3.js': chunk('assets/history-3.js', ['assets/react-2.js']),
  'assets/index-1.css': { type: 'asset' as const, fileName: 'assets/index-1.css' },
}

describe('the service worker build', () => {
  it('precaches the first page: the entry, what it imports statically and its styles, not the later screens', () => {
    expect(shellFiles(bundle)).toEqual(['/assets/index-1.css', '/assets/index-1.js', '/assets/react-2.js'])
  })

  it('names the build after its files and its own code', () => {
    const version = buildVersion(bundle, 'code')
    expect(version).toMatch(/^[0-9a-f]{12}$/)
    expect(buildVersion(bundle, 'code')).toBe(version)
    expect(buildVersion(bundle, 'other code')).not.toBe(version)
    const rebuilt = { ...bundle, 'assets/history-4.js': chunk('assets/history-4.js', []) }
    expect(buildVersion(rebuilt, 'code')).not.toBe(version)
  })
})
