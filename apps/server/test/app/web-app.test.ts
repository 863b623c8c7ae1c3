import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/helper.ts'

// The built web app as the server serves it: the installable app's files need their own types and caching.
let app: TestApp
let webDist: string
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'teplo-web-'))
  fs.mkdirSync(path.join(webDist, 'assets'))
  fs.mkdirSync(path.join(webDist, 'icons'))
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Тепло</title>')
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("push", () => {})')
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Тепло"}')
  fs.writeFileSync(path.join(webDist, 'offline.html'), "<!doctype html><h1>Немає з'єднання</h1>")
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  app = await build({ SERVE_WEB: 'true', WEB_DIST: webDist })
})
afterAll(async () => {
  await app?.closeAll()
  fs.rmSync(webDist, { recursive: true, force: true })
})

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: '*/*' } })

describe('the installable app', () => {
  it('serves the service worker as JavaScript that the browser asks for again on every visit', async () => {
    const res = await get('/sw.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('serves the manifest as application/manifest+json and the offline page, both revalidated', async () => {
    const manifest = await get('/manifest.webmanifest')
    expect(manifest.statusCode).toBe(200)
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(manifest.headers['cache-control']).toBe('no-cache')
    const offline = await get('/offline.html')
    expect(offline.headers['content-type']).toContain('text/html')
    expect(offline.headers['cache-control']).toBe('no-cache')
  })

  it('keeps hashed build files for a year and icons as images', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    expect((await get('/icons/icon-192.png')).headers['content-type']).toBe('image/png')
  })

  it('allows the service worker and the manifest from its own origin in the content security policy', async () => {
    const csp = (await get('/sw.js')).headers['content-security-policy'] as string
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
    expect(csp).toContain("script-src 'self'")
  })
})
