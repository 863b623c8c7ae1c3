import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { StartupError } from '../config.ts'

export const LOCK_FILE = 'teplo.lock'

type Holder = { pid: number; port: number; started_at: string }

export type DataDirLock = {
  file: string
  /** Removes the lock file if it is still ours; synchronous so that it can run in process.on('exit'). */
  release(): void
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readHolder(file: string): Promise<Holder | 'unreadable' | 'gone'> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Holder>
    return typeof parsed.pid === 'number' ? (parsed as Holder) : 'unreadable'
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'unreadable'
  }
}

function describe(holder: Holder): string {
  return `pid ${holder.pid}, port ${holder.port}, started ${holder.started_at}`
}

/**
 * One server per data directory: the embedded database is a single-process engine, and a second server on
 * the same files would run on its own copy and lose what the first one wrote. The lock file names its holder;
 * a lock left by a process that no longer runs (killed, power cut) is taken over.
 */
export async function lockDataDir(dataDir: string, port: number): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, LOCK_FILE)
  const mine: Holder = { pid: process.pid, port, started_at: new Date().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await fs.open(file, 'wx')
      await handle.writeFile(`${JSON.stringify(mine)}\n`)
      await handle.close()
      return {
        file,
        release: () => {
          try {
            const current = JSON.parse(fsSync.readFileSync(file, 'utf8')) as Partial<Holder>
            if (current.pid === process.pid) fsSync.rmSync(file, { force: true })
          } catch {
            // Already gone, or not ours to remove.
          }
        },
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const holder = await readHolder(file)
    if (holder === 'gone') continue
    if (holder === 'unreadable') {
      // Just created by a server that has not written its pid yet, or damaged: only a fresh file counts.
      const age = Date.now() - (await fs.stat(file)).mtimeMs
      if (age < 10_000)
        throw new StartupError(`Another Teplo server is starting on the data directory ${dataDir}.`)
    } else if (holder.pid !== process.pid && isAlive(holder.pid)) {
      throw new StartupError(
        `Another Teplo server (${describe(holder)}) is running on the data directory ${dataDir}. ` +
          'Stop it first, or give this one its own DATA_DIR (or DATABASE_URL to share a PostgreSQL database).',
      )
    }
    await fs.rm(file, { force: true })
  }
  throw new StartupError(`Could not lock the data directory ${dataDir} (${file}).`)
}
