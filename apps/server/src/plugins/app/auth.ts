import {
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  effectiveRole,
  type Language,
  msg,
  type RoleName,
} from '@teplo/domain'
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, HttpError, unauthorized } from '../../lib/api-error.ts'
import type { AppEvents } from '../../lib/events.ts'
import { idParams } from '../../lib/params.ts'
import { requestLanguage } from '../../lib/request-language.ts'
import { sha256 } from '../../lib/secrets.ts'
import { apiTokenItems, apiTokens } from '../../modules/api-tokens/api-tokens.tables.ts'
import { tokens } from '../../modules/auth/auth.tables.ts'
import { SessionActivity } from '../../modules/auth/session-activity.ts'
import { TokenCache } from '../../modules/auth/token-cache.ts'
import { type ApiTokenGrant, type ItemAbility, itemFor } from '../../modules/items/item-access.ts'
import { takeLiveTicket } from '../../modules/live/live-tickets.ts'
import {
  hasSecondFactorSql,
  STAFF_ROLES,
  TWO_FACTOR_REQUIRED,
  twoFactorRequiredSql,
} from '../../modules/two-factor/two-factor-policy.ts'
import type { RoleRef } from '../../modules/users/user-roles.ts'
import { users } from '../../modules/users/users.tables.ts'

export type AuthContext = {
  userId: number
  tokenId: number
  name: string
  email: string
  /** The account's language: what the API's rendered texts (alarms, notifications) are written in. */
  language: Language
  roles: RoleRef[]
  role: RoleName
  /** The administrators require a second factor of this role and the account has none yet (ADR 041). */
  twoFactorMissing: boolean
  /** Present when the request came with a personal API token (ADR 060; `tokenId` is then 0: no session). */
  apiToken?: ApiTokenGrant
}

declare module 'fastify' {
  interface FastifyContextConfig {
    // true: a route an account without the required second factor may still call (to set one up, ADR 041).
    twoFactorSetup?: boolean
    /**
     * What a personal API token needs to call the route (the operation's `token`, ADR 060); without it a token
     * is refused with 403 on every route, whatever it may otherwise do.
     */
    apiTokenScope?: ApiTokenScope
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyInstance {
    /** Tokens recently seen on this instance (ADR 020); `forget(userId)` when an account's access changes. */
    tokenCache: TokenCache<AuthContext>
    /** When each session was last used, written in batches (GET /me/sessions). */
    sessionActivity: SessionActivity
    /** The same for personal API tokens (GET /me/api-tokens). */
    apiTokenActivity: SessionActivity
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Signs a live stream in with a single-use ticket (POST /live/tickets) instead of a bearer token. */
    authenticateLiveTicket: (request: FastifyRequest, ticket: string) => Promise<void>
    requireRole: (...allowed: RoleName[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * A `preValidation` hook for a route acting on the device `:id`: a caller who may not do `ability` to it is
     * refused before the body is validated — 404 when they cannot see the device, 403 when they may not act —
     * whatever they sent. A malformed id is left to the parameter validation (400).
     */
    requireItemAccess: (
      ability: ItemAbility | ((request: FastifyRequest) => ItemAbility),
    ) => (request: FastifyRequest) => Promise<void>
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

const rolesOfRow = sql<RoleRef[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'name', r.name) order by ur.position, r.id)
  from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = ${users.id}), '[]'::json)`

const TICKET_INVALID = msg('server.live.ticketInvalid')

// Bearer tokens are opaque; only their hash is stored, so a database leak does not leak sessions.
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null)
  const cache = new TokenCache<AuthContext>(app.config.authCacheSeconds * 1000)
  app.decorate('tokenCache', cache)
  const onAccessChanged = ({ userId }: AppEvents['user.access-changed'][0]) => cache.forget(userId)
  app.events.on('user.access-changed', onAccessChanged)
  const activity = new SessionActivity(app.db, app.log.child({ module: 'sessions' }))
  app.decorate('sessionActivity', activity)
  activity.start()
  const tokenActivity = new SessionActivity(
    app.db,
    app.log.child({ module: 'api-tokens' }),
    undefined,
    'api_tokens',
  )
  app.decorate('apiTokenActivity', tokenActivity)
  tokenActivity.start()
  app.addHook('onClose', async () => {
    app.events.off('user.access-changed', onAccessChanged)
    await activity.stop()
    await tokenActivity.stop()
  })
  const apiTokenLimit = app.config.apiTokenRateLimit
  let limiter: ((request: FastifyRequest) => Promise<RateLimitResult>) | undefined
  const rateLimiter = () => {
    limiter ??= (app as unknown as RateLimitCreator).createRateLimit({
      max: apiTokenLimit.max,
      timeWindow: apiTokenLimit.windowSeconds * 1000,
      keyGenerator: (request: FastifyRequest) => `api-token:${request.auth?.apiToken?.id ?? 0}`,
    })
    return limiter
  }

  // One round trip, prepared once: the token, its account and the account's roles in their order; found by the
  // token's hash, or by the session's id (a live ticket names the session it was issued to).
  const sessionLookup = (match: SQL, name: string) =>
    app.db
      .select({
        tokenId: tokens.id,
        expiresAt: tokens.expiresAt,
        userId: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        roles: rolesOfRow,
        secondFactor: hasSecondFactorSql,
        required: twoFactorRequiredSql,
      })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(
        and(
          match,
          eq(tokens.kind, 'access'),
          isNull(tokens.revokedAt),
          gt(tokens.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(name)
  const tokenQuery = sessionLookup(eq(tokens.tokenHash, sql.placeholder('tokenHash')), 'teplo_authenticate')
  // A personal API token (ADR 060): its account like a session's, its scopes and, unless it reaches every device,
  // the ids of those it may.
  const apiTokenQuery = app.db
    .select({
      tokenId: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      scopes: apiTokens.scopes,
      itemIds: sql<number[] | null>`case when ${apiTokens.allItems} then null else coalesce((
        select json_agg(${apiTokenItems.itemId}) from ${apiTokenItems}
        where ${apiTokenItems.tokenId} = ${apiTokens.id}), '[]'::json) end`,
      userId: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      roles: rolesOfRow,
      secondFactor: hasSecondFactorSql,
      required: twoFactorRequiredSql,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare('teplo_authenticate_api_token')

  /**
   * What follows a personal API token's authentication on every request: its rate limit (the RateLimit-* headers
   * on every answer, 429 past it), its last use, then whether the route takes tokens and this one's scopes.
   */
  const admitApiToken = async (request: FastifyRequest, reply: FastifyReply, grant: ApiTokenGrant) => {
    const limit = await rateLimiter()(request)
    reply.header('ratelimit-limit', String(limit.max))
    reply.header('ratelimit-remaining', String(Math.max(0, limit.remaining)))
    reply.header('ratelimit-reset', String(limit.ttlInSeconds))
    if (limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds)
      throw new HttpError(429, msg('server.apiTokens.rateLimited', { wait: waitText(seconds) }), {
        retryAfterSeconds: seconds,
      })
    }
    tokenActivity.touch(grant.id, request.ip)
    const scope = request.routeOptions.config.apiTokenScope
    if (!scope) throw forbidden(msg('server.apiTokens.notAllowed'))
    if (!grant.scopes.includes(scope)) throw forbidden(msg('server.apiTokens.scopeTooLow', { scope }))
  }

  const authenticateApiToken = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const tokenHash = sha256(token)
    let auth = cache.get(tokenHash)
    if (!auth) {
      const generation = cache.begin()
      const [row] = await apiTokenQuery.execute({ tokenHash, now: new Date() })
      if (!row) throw unauthorized()
      const { tokenId, scopes, itemIds, expiresAt, ...account } = row
      const grant: ApiTokenGrant = Object.freeze({
        id: tokenId,
        scopes: scopes as ApiTokenScope[],
        items: itemIds === null ? null : new Set(itemIds),
      })
      auth = Object.freeze({
        ...authContext({ ...account, tokenId: 0, expiresAt: NO_EXPIRY }),
        apiToken: grant,
      })
      cache.set(tokenHash, auth, expiresAt ?? NO_EXPIRY, generation)
    }
    request.auth = auth
    guardTwoFactor(request)
    await admitApiToken(request, reply, auth.apiToken as ApiTokenGrant)
  }
  const sessionQuery = sessionLookup(eq(tokens.id, sql.placeholder('tokenId')), 'teplo_authenticate_session')

  app.decorate('authenticateLiveTicket', async (request: FastifyRequest, ticket: string) => {
    const tokenId = await takeLiveTicket(app.db, ticket)
    if (tokenId === null) throw unauthorized(TICKET_INVALID)
    const [row] = await sessionQuery.execute({ tokenId, now: new Date() })
    if (!row) throw unauthorized(TICKET_INVALID)
    request.auth = authContext(row)
    guardTwoFactor(request)
    activity.touch(row.tokenId, request.ip)
  })

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized()
    if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(request, reply, token)
    const tokenHash = sha256(token)
    const known = cache.get(tokenHash)
    if (known) {
      request.auth = known
      guardTwoFactor(request)
      activity.touch(known.tokenId, request.ip)
      return
    }
    const generation = cache.begin()
    const [row] = await tokenQuery.execute({ tokenHash, now: new Date() })
    if (!row) throw unauthorized()
    const auth = authContext(row)
    cache.set(tokenHash, auth, row.expiresAt, generation)
    request.auth = auth
    guardTwoFactor(request)
    activity.touch(auth.tokenId, request.ip)
  })

  app.decorate(
    'requireRole',
    (...allowed: RoleName[]) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply)
        if (!request.auth || !allowed.includes(request.auth.role)) throw forbidden()
      },
  )

  app.decorate(
    'requireItemAccess',
    (ability: ItemAbility | ((request: FastifyRequest) => ItemAbility)) =>
      async (request: FastifyRequest) => {
        const params = idParams.safeParse({ id: (request.params as { id?: unknown }).id })
        if (!params.success) return
        const wanted = typeof ability === 'function' ? ability(request) : ability
        await itemFor(app.db, currentUser(request), params.data.id, wanted)
      },
  )
}

export default fp(authPlugin, {
  name: 'teplo-auth',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events'],
})

/** Far enough ahead for a token without an expiry (the cache keeps it its own few seconds anyway). */
const NO_EXPIRY = new Date('9999-12-31T00:00:00Z')

type RateLimitResult = { isExceeded: boolean; max: number; remaining: number; ttlInSeconds: number }
type RateLimitCreator = {
  createRateLimit: (options: {
    max: number
    timeWindow: number
    keyGenerator: (request: FastifyRequest) => string
  }) => (request: FastifyRequest) => Promise<RateLimitResult>
}

/** A wait in seconds below 90, in minutes above (as the other 429s say it). */
function waitText(seconds: number): string {
  return seconds < 90
    ? msg('common.seconds', { count: seconds })
    : msg('common.minutes', { count: Math.ceil(seconds / 60) })
}

type AccountRow = Omit<AuthContext, 'role' | 'twoFactorMissing' | 'apiToken'> & {
  expiresAt: Date
  secondFactor: boolean
  required: boolean
}

function authContext(row: AccountRow): AuthContext {
  const { expiresAt: _expiresAt, secondFactor, required, ...account } = row
  const role = effectiveRole(account.roles)
  const twoFactorMissing = required && STAFF_ROLES.includes(role) && !secondFactor
  return Object.freeze({ ...account, role, twoFactorMissing })
}

/** Until an account the administrators require it of has a second factor, only the set-up routes answer it. */
function guardTwoFactor(request: FastifyRequest): void {
  if (request.auth?.twoFactorMissing && !request.routeOptions.config.twoFactorSetup)
    throw forbidden(TWO_FACTOR_REQUIRED)
}

export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}

/**
 * The signed-in account reading stored texts: `language` is the request's (ADR 032: `Accept-Language`, else the
 * account's), so a sync reason or a change log's reason comes in the language the screen asked for.
 */
export function currentReader(request: FastifyRequest): AuthContext {
  return { ...currentUser(request), language: requestLanguage(request) }
}
