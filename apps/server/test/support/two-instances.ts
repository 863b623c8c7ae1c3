import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { testConfig } from './helper.ts'

/**
 * Two instances of the app on one PostgreSQL database of the file's own, as behind a load balancer (`*.postgres`
 * test files: TEST_DATABASE_URL). `instances.a` and `instances.b` are there once the file's first beforeAll ran;
 * the database is dropped after the file.
 */
export function useTwoInstances(overrides: Record<string, string> = {}) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE_URL must point at PostgreSQL for this file')
  const name = `teplo_test_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  const instances = { a: undefined as unknown as FastifyInstance, b: undefined as unknown as FastifyInstance }
  beforeAll(async () => {
    await admin(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    // One after the other: the first migrates and seeds.
    instances.a = await buildApp({ config: testConfig({ ...overrides, DATABASE_URL: url.toString() }) })
    await instances.a.ready()
    instances.b = await buildApp({ config: testConfig({ ...overrides, DATABASE_URL: url.toString() }) })
    await instances.b.ready()
  })
  afterAll(async () => {
    // A test may have closed one already (an instance that went away).
    await instances.a?.close().catch(() => undefined)
    await instances.b?.close().catch(() => undefined)
    await admin(`drop database if exists ${name} with (force)`)
  })
  return instances
}
