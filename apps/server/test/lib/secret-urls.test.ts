import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from '../../src/app.ts'
import { maskUrlSecrets } from '../../src/lib/secret-urls.ts'
import { testConfig } from '../support/helper.ts'

describe('URL passwords', () => {
  it('are masked in any text, the user name and the address kept', () => {
    expect(maskUrlSecrets('external, mqtt://teplo-server:serverpw@broker:1883')).toBe(
      'external, mqtt://teplo-server:***@broker:1883',
    )
    expect(
      maskUrlSecrets('postgres://teplo:p%40ss@db/teplo and smtps://mail:s3cret@smtp.example:465 failed'),
    ).toBe('postgres://teplo:***@db/teplo and smtps://mail:***@smtp.example:465 failed')
    // Nothing to mask: no password, or no URL at all.
    expect(maskUrlSecrets('mqtt://broker:1883 user@example.com 10:30')).toBe(
      'mqtt://broker:1883 user@example.com 10:30',
    )
  })

  it('never reach the JSON log, in a message or in an error', async () => {
    const lines: string[] = []
    const { logger } = await loggerOptions(testConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' }), {
      write: (line: string) => lines.push(line),
    })
    const app = Fastify({ logger })
    app.log.error(
      { err: new Error('connect ECONNREFUSED postgres://teplo:dbpw@db:5432/teplo') },
      'mail through smtp://mailer:mailpw@smtp.example failed',
    )
    app.log.info({ broker: 'mqtt://teplo-server:serverpw@broker:1883' }, 'device link')
    await app.close()
    const log = lines.join('')
    expect(log).toContain('postgres://teplo:***@db:5432/teplo')
    expect(log).toContain('smtp://mailer:***@smtp.example')
    expect(log).toContain('mqtt://teplo-server:***@broker:1883')
    for (const secret of ['dbpw', 'mailpw', 'serverpw']) expect(log).not.toContain(secret)
  })
})
