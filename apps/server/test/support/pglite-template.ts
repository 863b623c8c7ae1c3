import { readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database as a file (PGlite's dumpDataDir), or '' on PostgreSQL. */
    pgliteTemplate: string
  }
}

/**
 * Global setup of the server tests: the migrations run once on an embedded database, whose dump every test file
 * loads (~0.5 s) instead of creating a database and migrating it again (~3 s). The migrations themselves are
 * tested here, on every run.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const handle = await openDatabase({})
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('none')
  await handle.close()
  const file = path.join(os.tmpdir(), `teplo-test-pglite-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(file, { force: true })
}

let template: Promise<Blob | undefined> | undefined

/** The dump the global setup made, read once per test file. */
export function pgliteTemplate(file: string): Promise<Blob | undefined> {
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined)
  return template
}
