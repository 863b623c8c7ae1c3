import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Plugin, transformWithOxc } from 'vite'

/** Files of public/ that the shell needs offline (the offline page shows the icon). */
export const PUBLIC_SHELL = [
  '/offline.html',
  '/offline.js',
  '/color-scheme.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/badge-96.png',
]

type OutputFile = { type: 'chunk' | 'asset'; fileName: string }

/**
 * Every file the build emits under assets/: the first page's chunks and every screen's chunk loaded later (lazy
 * routes, feature sections, the English strings), with their styles and pictures. All of them are precached, so an
 * installed app opens a screen it has never shown before without a connection.
 */
export function appFiles(bundle: Record<string, OutputFile>): string[] {
  return Object.values(bundle)
    .map((file) => file.fileName)
    .filter((fileName) => fileName.startsWith('assets/') && !fileName.endsWith('.map'))
    .map((fileName) => `/${fileName}`)
    .sort()
}

/** The build's name: a hash of every emitted file name (hashed by content) and of the worker's own code. */
export function buildVersion(bundle: Record<string, OutputFile>, workerCode: string): string {
  const hash = createHash('sha256')
  for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`)
  return hash.update(workerCode).digest('hex').slice(0, 12)
}

/** Emits /sw.js: sw/service-worker.ts compiled to a classic script, with its precache list and build name. */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'teplo-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, OutputFile>
      const source = fileURLToPath(new URL('./service-worker.ts', import.meta.url))
      const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' })
      const body = code.replace(/^export\s*\{\s*\};?\s*$/m, '')
      const precache = [...PUBLIC_SHELL, ...appFiles(files)]
      const header = [
        `const TEPLO_BUILD = ${JSON.stringify(buildVersion(files, body))};`,
        `const TEPLO_PRECACHE = ${JSON.stringify(precache)};`,
      ].join('\n')
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `${header}\n${body}` })
    },
  }
}
