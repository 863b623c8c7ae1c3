import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { openTestDatabase, testConfig } from '../support/helper.ts'

// One log line per request, at debug only: at info a busy server would spend its time writing them, and a load
// balancer's /health checks would fill the log.
async function requestLines(level: 'info' | 'debug') {
  const lines: string[] = []
  const database = await openTestDatabase()
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: level }),
    database,
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
  })
  try {
    await app.ready()
    await app.inject({ method: 'GET', url: '/health' })
    await app.inject({ method: 'GET', url: '/api/v2/me' })
    await app.inject({ method: 'GET', url: '/api/v2/live?item_id=1&ticket=secret-ticket' })
  } finally {
    await app.close()
    await database.close()
  }
  type Entry = { level: number; req?: { url?: string }; res?: { statusCode?: number } }
  return lines
    .map((line) => JSON.parse(line) as Entry)
    .filter((entry) => entry.req?.url !== undefined && entry.res?.statusCode !== undefined)
}

describe('the request log', () => {
  it('writes nothing per request at info, not even for /health', async () => {
    expect(await requestLines('info')).toEqual([])
  })

  it('writes one line per request at debug, never a token from the URL', async () => {
    const lines = await requestLines('debug')
    expect(lines.map((line) => [line.level, line.req?.url, line.res?.statusCode])).toEqual(
      expect.arrayContaining([
        [20, '/health', 200],
        [20, '/api/v2/me', 401],
      ]),
    )
    expect(lines.filter((line) => line.req?.url === '/health')).toHaveLength(1)
    expect(JSON.stringify(lines)).not.toContain('secret-ticket')
  })
})
