import {
  deviceAuthAclRequestSchema,
  deviceAuthAllowedSchema,
  deviceAuthDeniedSchema,
  deviceAuthSuperuserRequestSchema,
  deviceAuthUserRequestSchema,
} from '@teplo/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { unauthorized } from '../../../lib/api-error.ts'
import {
  brokerAclAllowed,
  brokerSuperuser,
  brokerUserAllowed,
  serverAccountOf,
} from '../../../modules/device-link/broker-auth.service.ts'
import { sameSecret } from '../../../modules/device-link/device-credentials.ts'

export const DEVICE_AUTH_SECRET_HEADER = 'x-device-auth-secret'

// mosquitto-go-auth cannot add headers, so its URIs may carry the secret as ?secret=… instead.
const secretQuery = z.object({ secret: z.string().max(500).optional() })

// 200 allows, 403 denies; the body also suits mosquitto-go-auth's "json" response mode.
function answer(reply: FastifyReply, allowed: boolean) {
  return allowed
    ? reply.code(200).send({ ok: true as const })
    : reply.code(403).send({ ok: false as const, error: 'denied' })
}

/**
 * HTTP auth hook for an external broker (MQTT_URL): the broker asks whether a CONNECT, a publish or a
 * subscription is allowed. Present only when DEVICE_AUTH_SECRET is set; every call must carry it.
 */
const deviceAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.deviceAuthSecret
  if (!secret) return
  const account = serverAccountOf(app.config.mqttUrl)

  const requireSecret = async (request: FastifyRequest) => {
    const header = request.headers[DEVICE_AUTH_SECRET_HEADER]
    const given =
      (typeof header === 'string' ? header : undefined) ?? (request.query as { secret?: string }).secret
    if (!given || !sameSecret(given, secret)) throw unauthorized('Wrong or missing device auth secret.')
  }
  // The broker calls on every connect and topic check: no request log lines, and the URI may hold the secret.
  // It reads plain JSON.
  const common = { logLevel: 'warn' as const, preHandler: requireSecret, config: { jsonApi: false } }
  const response = { 200: deviceAuthAllowedSchema, 403: deviceAuthDeniedSchema }

  app.post(
    '/device-auth/user',
    {
      schema: {
        tags: ['device link'],
        summary: 'Broker hook: may this device (or the server) connect?',
        security: [],
        querystring: secretQuery,
        response,
        body: deviceAuthUserRequestSchema,
      },
      ...common,
    },
    async (request, reply) => answer(reply, await brokerUserAllowed(app.db, account, request.body)),
  )

  app.post(
    '/device-auth/acl',
    {
      schema: {
        tags: ['device link'],
        summary: 'Broker hook: may this client read, write or subscribe to the topic?',
        security: [],
        querystring: secretQuery,
        response,
        body: deviceAuthAclRequestSchema,
      },
      ...common,
    },
    async (request, reply) => answer(reply, brokerAclAllowed(account, request.body)),
  )

  app.post(
    '/device-auth/superuser',
    {
      schema: {
        tags: ['device link'],
        summary: "Broker hook: is this the server's own account?",
        security: [],
        querystring: secretQuery,
        response,
        body: deviceAuthSuperuserRequestSchema,
      },
      ...common,
    },
    async (request, reply) => answer(reply, brokerSuperuser(account, request.body.username)),
  )
}

export default deviceAuthRoutes
