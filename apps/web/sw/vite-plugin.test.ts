import { describe, expect, it } from 'vitest'
import { appFiles, buildVersion } from './vite-plugin'

const chunk = (fileName: string) => ({ type: 'chunk' as const, fileName })
const asset = (fileName: string) => ({ type: 'asset' as const, fileName })

const bundle = {
  'assets/index-1.js': chunk('assets/index-1.js'),
  'assets/react-2.js': chunk('assets/react-2.js'),
  'assets/history-3.js': chunk('assets/history-3.js'),
  'assets/en-history-5.js': chunk('assets/en-history-5.js'),
  'assets/index-1.css': asset('assets/index-1.css'),
  'assets/index-1.js.map': asset('assets/index-1.js.map'),
  'index.html': asset('index.html'),
}

describe('the service worker build', () => {
  it("precaches every screen's code: the first page, the lazily loaded screens and strings, their styles", () => {
    expect(appFiles(bundle)).toEqual([
      '/assets/en-history-5.js',
      '/assets/history-3.js',
      '/assets/index-1.css',
      '/assets/index-1.js',
      '/assets/react-2.js',
    ])
  })

  it('names the build after its files and its own code', () => {
    const version = buildVersion(bundle, 'code')
    expect(version).toMatch(/^[0-9a-f]{12}$/)
    expect(buildVersion(bundle, 'code')).toBe(version)
    expect(buildVersion(bundle, 'other code')).not.toBe(version)
    const rebuilt = { ...bundle, 'assets/history-4.js': chunk('assets/history-4.js') }
    expect(buildVersion(rebuilt, 'code')).not.toBe(version)
  })
})
