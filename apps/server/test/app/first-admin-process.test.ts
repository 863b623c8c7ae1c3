import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { freePort, ServerProcess, tempDataDir } from '../support/server-process.ts'

// The real server and `npm run admin:create` on an embedded database (ADR 044): the setup link is printed at
// start while there is no administrator, never logged; the console tool makes an administrator.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const started: ServerProcess[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const server of started.splice(0)) await server.kill()
})
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true })
})

async function startReal(dataDir: string): Promise<ServerProcess> {
  const server = ServerProcess.start({
    dataDir,
    port: await freePort(),
    env: { DEMO: 'false', LOG_FORMAT: 'json' },
  })
  started.push(server)
  await server.ready()
  return server
}

async function stop(server: ServerProcess) {
  server.signal('SIGTERM')
  expect((await server.exited).code).toBe(0)
}

function adminCreate(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin-create.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('first start of a real installation', () => {
  it('prints a setup link (not in the log lines), and after npm run admin:create prints none', async () => {
    const dataDir = await tempDataDir()
    dirs.push(dataDir)
    const first = await startReal(dataDir)
    const link = /(http:\/\/\S+\/setup\?token=([A-Za-z0-9_-]+))/.exec(first.log)
    expect(link, first.log).not.toBeNull()
    const logLines = first.log.split('\n').filter((line) => line.startsWith('{'))
    expect(logLines.some((line) => line.includes('no administrator yet'))).toBe(true)
    expect(logLines.some((line) => line.includes(link![2]!))).toBe(false)
    expect(first.log).not.toContain('Demo logins')
    const check = await fetch(`${first.baseUrl}/api/v2/setup/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link![2] }),
    })
    expect(check.status).toBe(204)

    // The embedded database belongs to the running server: the tool says so and changes nothing.
    const busy = await adminCreate(dataDir, [
      '--name',
      'Ops',
      '--email',
      'ops@example.com',
      '--password',
      'long-password-1',
    ])
    expect(busy.code).toBe(1)
    expect(busy.output).toMatch(/Another Teplo server .* is running on the data directory/)
    await stop(first)

    const made = await adminCreate(dataDir, [
      '--name',
      'Ops',
      '--email',
      'Ops@Example.com',
      '--password',
      'long-password-1',
    ])
    expect(made.output).toContain('Administrator ops@example.com created')
    expect(made.code).toBe(0)
    const twice = await adminCreate(dataDir, [
      '--name',
      'Ops',
      '--email',
      'ops@example.com',
      '--password',
      'long-password-1',
    ])
    expect(twice.code).toBe(1)
    expect(twice.output).toContain('This email is already registered.')
    const short = await adminCreate(dataDir, [
      '--name',
      'Ops',
      '--email',
      'x@example.com',
      '--password',
      'short',
    ])
    expect(short.code).toBe(1)
    expect(short.output).toContain('password: The password must be at least 8 characters!')

    const second = await startReal(dataDir)
    expect(second.log).not.toContain('/setup?token=')
    const login = await fetch(`${second.baseUrl}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'long-password-1' }),
    })
    expect(login.status).toBe(200)
    // The old link was spent when the administrator was made.
    const spent = await fetch(`${second.baseUrl}/api/v2/setup/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link![2] }),
    })
    expect(spent.status).toBe(404)
    expect(second.crash).toBeNull()
  }, 180_000)
})
