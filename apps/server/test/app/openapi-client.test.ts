import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import createClient from 'openapi-fetch'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/helper.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const clientDir = path.join(here, 'openapi-client')
const tsc = path.resolve(here, '../../../../node_modules/typescript/bin/tsc')

// A third party's typed client from the OpenAPI document alone (ADR 054): generated with openapi-typescript,
// the walkthrough type-checked against it (JSON:API envelopes, no casts) and run against the server.
describe('a client generated from the OpenAPI document', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await build()
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPI3>()
    const source = astToString(await openapiTS(document))
    await fs.mkdir(path.join(clientDir, 'generated'), { recursive: true })
    await fs.writeFile(path.join(clientDir, 'generated', 'teplo-api.ts'), source)
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  const typeCheck = (project: string) =>
    promisify(execFile)(process.execPath, [tsc, '-p', project])
      .then(() => ({ code: 0, output: '' }))
      .catch((err: { code?: number; stdout?: string }) => ({ code: err.code ?? 1, output: err.stdout ?? '' }))

  it('type-checks the walkthrough, and would refuse a document of another type', async () => {
    const run = await typeCheck(path.join(clientDir, 'tsconfig.json'))
    expect(run.output).toBe('')
    expect(run.code).toBe(0)
    // The same client refuses a call the document does not allow: the check is not a formality.
    const generated = path.join(clientDir, 'generated')
    await fs.writeFile(
      path.join(generated, 'wrong-call.ts'),
      [
        "import type { TeploClient } from '../walkthrough.ts'",
        'export const wrong = (client: TeploClient) =>',
        "  client.PATCH('/api/v2/categories/{id}', {",
        "    params: { path: { id: '1' } },",
        "    body: { data: { type: 'tags', id: '1', attributes: { name: 'x' } } },",
        '  })',
      ].join('\n'),
    )
    await fs.writeFile(
      path.join(generated, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.json',
        include: ['wrong-call.ts', '../walkthrough.ts', 'teplo-api.ts'],
      }),
    )
    const wrong = await typeCheck(path.join(generated, 'tsconfig.json'))
    expect(wrong.code).not.toBe(0)
    expect(wrong.output).toContain('wrong-call.ts')
    expect(wrong.output).toContain('"tags"')
  }, 120_000)

  it('walks through the API with it', async () => {
    // Loaded by its address: the server's own type-check leaves the walkthrough (and its generated types) out.
    const { walkthrough } = (await import(pathToFileURL(path.join(clientDir, 'walkthrough.ts')).href)) as {
      walkthrough: (client: unknown, account: { email: string; password: string }) => Promise<unknown>
    }
    const client = createClient({
      baseUrl: 'http://teplo.test',
      headers: { Accept: 'application/vnd.api+json', 'Content-Type': 'application/vnd.api+json' },
      fetch: async (request: Request) => {
        const url = new URL(request.url)
        const body = request.body ? await request.text() : undefined
        const res = await app.inject({
          method: request.method as 'GET',
          url: url.pathname + url.search,
          headers: Object.fromEntries(request.headers),
          ...(body !== undefined ? { payload: body } : {}),
        })
        const headers = new Headers()
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers.set(name, String(value))
        }
        return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers })
      },
    })
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    const walked = (await walkthrough(client, admin)) as Record<string, unknown>
    expect(walked).toEqual({
      me: admin.email,
      categories: expect.any(Number),
      created: 'Walkthrough',
      renamed: 'Walkthrough, renamed',
      deletedStatus: 204,
      devices: expect.any(Number),
      device: expect.any(String),
      refusal: '/data/attributes/name',
    })
    expect(walked.categories).toBeGreaterThan(0)
    expect(walked.devices).toBeGreaterThan(0)
    expect(walked.device).not.toBe('')
  })
})
