import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { tooManyAttempts } from '../../lib/api-error.ts'

// Security headers (CSP fitted to the web app), CORS for the configured other origins, and the rate limiter that
// routes opt into.
async function securityPlugin(app: FastifyInstance): Promise<void> {
  const origins = app.config.corsOrigins
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web manifest come from the app itself; notifications' icons too.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Uploaded pictures are shown by the allowed other origins' pages too.
    crossOriginResourcePolicy: { policy: origins.length > 0 ? 'cross-origin' : 'same-origin' },
  })
  // The same headers on every answer: written from one object, not worked out again per request (the Fastify
  // plugin rebuilt helmet's middleware, parsing the policy, on every request).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  // Bearer tokens, not cookies: no credentials mode. Without CORS_ORIGINS no CORS header is sent at all, and the
  // plugin is not registered (its hook would run on every request to do nothing; a preflight gets the 404 it
  // would have answered).
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept', 'accept-language'],
      exposedHeaders: ['location', 'retry-after', 'content-language'],
      maxAge: 600,
    })
  }
  // Limits are declared per route (config.rateLimit); nothing is limited globally.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = tooManyAttempts(Math.ceil(context.ttl / 1000))
      return Object.assign(error, { statusCode: 429 })
    },
  })
}

/** The headers helmet sets for these options, worked out once. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

export default fp(securityPlugin, { name: 'teplo-security', dependencies: ['teplo-config'] })
