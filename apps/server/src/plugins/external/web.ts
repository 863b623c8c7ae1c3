import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { msg } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../../lib/api-error.ts'
import { sendErrorDocument } from './errors.ts'

// Files that must be asked for again on every use: the service worker (the browser checks it for a new build
// at each visit; a cached copy would keep an old build running), the manifest, the offline page and the
// colour-scheme script of the page's head (not hashed).
const REVALIDATED = new Set([
  'sw.js',
  'manifest.webmanifest',
  'offline.html',
  'offline.js',
  'color-scheme.js',
])

function isApi(url: string) {
  return url === '/api' || url.startsWith('/api/')
}

// One process is the whole product: the built SPA is served beside the API, with history fallback.
async function webPlugin(app: FastifyInstance): Promise<void> {
  const { webDist, serveWeb } = app.config
  const indexFile = path.join(webDist, 'index.html')
  const haveWeb = serveWeb && fs.existsSync(indexFile)
  if (serveWeb && !haveWeb) app.log.warn({ webDist }, 'web app is not built; run `npm run build` to serve it')
  if (haveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        } else if (REVALIDATED.has(path.relative(webDist, filePath))) {
          res.header('cache-control', 'no-cache')
          if (filePath.endsWith('.webmanifest'))
            res.header('content-type', 'application/manifest+json; charset=utf-8')
        }
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html')
    if (haveWeb && request.method === 'GET' && !isApi(request.url) && acceptsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return sendErrorDocument(reply, new HttpError(404, msg('server.common.notFound')))
  })
}

export default fp(webPlugin, { name: 'teplo-web', dependencies: ['teplo-config'] })
