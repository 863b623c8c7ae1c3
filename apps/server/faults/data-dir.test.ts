import { afterEach, describe, expect, it } from 'vitest'
import { ServerProcess } from '../test/support/server-process.ts'
import { freePort } from './engines.ts'
import { removeDir, startServer, tempDir } from './harness.ts'

describe('one server per data directory', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('a second server on the same DATA_DIR refuses to start and names the running one; the first keeps serving', async () => {
    const dataDir = await tempDir('datadir')
    cleanups.push(() => removeDir(dataDir))
    const first = await startServer({ dataDir }, cleanups)

    const second = ServerProcess.start({
      dataDir,
      port: await freePort(),
      env: { MQTT_PORT: String(await freePort()) },
    })
    cleanups.push(() => second.kill())
    const exit = await second.exited
    expect(exit.code).toBe(1)
    expect(second.log).toContain('Another Teplo server')
    expect(second.log).toContain(`pid ${first.child.pid}`)
    expect(second.log).toContain(dataDir)

    const health = await fetch(`${first.baseUrl}/health`)
    expect(health.status).toBe(200)
  })
})
