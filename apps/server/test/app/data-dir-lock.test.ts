import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { StartupError } from '../../src/config.ts'
import { LOCK_FILE, lockDataDir } from '../../src/lib/data-dir-lock.ts'
import { tempDataDir } from '../support/server-process.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })))
})

async function dirWithLock(holder: object | string): Promise<string> {
  const dir = await tempDataDir()
  dirs.push(dir)
  const text = typeof holder === 'string' ? holder : JSON.stringify(holder)
  await fs.writeFile(path.join(dir, LOCK_FILE), text)
  return dir
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid ?? 999_999
}

describe('data directory lock', () => {
  it('is taken, names its holder in the file and is released', async () => {
    const dir = await tempDataDir()
    dirs.push(dir)
    const lock = await lockDataDir(dir, 3456)
    const holder = JSON.parse(await fs.readFile(lock.file, 'utf8'))
    expect(holder).toMatchObject({ pid: process.pid, port: 3456 })
    lock.release()
    await expect(fs.stat(lock.file)).rejects.toThrow()
  })

  it('refuses while the holder runs, naming its pid and port', async () => {
    const running = { pid: process.ppid, port: 3499, started_at: '2026-11-23T12:00:00.000Z' }
    const dir = await dirWithLock(running)
    const attempt = lockDataDir(dir, 3456)
    await expect(attempt).rejects.toBeInstanceOf(StartupError)
    await expect(attempt).rejects.toThrow(`pid ${process.ppid}, port 3499`)
  })

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = await dirWithLock({
      pid: await deadPid(),
      port: 3499,
      started_at: '2026-11-23T12:00:00.000Z',
    })
    const lock = await lockDataDir(dir, 3456)
    expect(JSON.parse(await fs.readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid })
    lock.release()
  })

  it('takes over an old unreadable lock, but not one just being written', async () => {
    const fresh = await dirWithLock('')
    await expect(lockDataDir(fresh, 3456)).rejects.toThrow('is starting')
    const old = await dirWithLock('')
    const longAgo = new Date(Date.now() - 60_000)
    await fs.utimes(path.join(old, LOCK_FILE), longAgo, longAgo)
    const lock = await lockDataDir(old, 3456)
    lock.release()
  })
})
