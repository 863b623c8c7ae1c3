import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Starts a worker thread on one of the server's own files, given as a URL beside the caller
 * (`new URL('./x-thread.ts', import.meta.url)`). The build compiles it to `.js` like every other file; in
 * development and tests the thread runs the TypeScript source and registers tsx's loader before importing it.
 */
export function startSourceThread(file: URL, options: WorkerOptions = {}): Worker {
  const compiled = !import.meta.url.endsWith('.ts')
  if (compiled) return new Worker(new URL(file.href.replace(/\.ts$/, '.js')), options)
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /\.cjs$/,
    '.mjs',
  )
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}) })`
  return new Worker(code, { ...options, eval: true, execArgv: [] })
}
