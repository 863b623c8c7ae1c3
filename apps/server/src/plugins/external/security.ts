import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { tooManyAttempts } from '../../lib/api-error.ts'

// Security headers (CSP fitted to the web app), CORS for the configured other origins, and the rate limiter that
// routes opt into.
async function securityPlugin(app: FastifyInstance): Promise<void> {
  const origins = app.config.corsOrigins
  await app.register(helmet, {
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
  // Bearer tokens, not cookies: no credentials mode. Without CORS_ORIGINS no CORS header is sent at all.
  await app.register(cors, {
    origin: origins.length > 0 ? origins : false,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'accept'],
    exposedHeaders: ['location', 'retry-after'],
    maxAge: 600,
  })
  // Limits are declared per route (config.rateLimit); nothing is limited globally.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = tooManyAttempts(Math.ceil(context.ttl / 1000))
      return Object.assign(error, { statusCode: 429 })
    },
  })
}

export default fp(securityPlugin, { name: 'teplo-security', dependencies: ['teplo-config'] })
