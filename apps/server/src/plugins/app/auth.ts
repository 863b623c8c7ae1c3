import { effectiveRole, type Language, msg, type RoleName } from '@teplo/domain'
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { forbidden, unauthorized } from '../../lib/api-error.ts'
import type { AppEvents } from '../../lib/events.ts'
import { idParams } from '../../lib/params.ts'
import { sha256 } from '../../lib/secrets.ts'
import { tokens } from '../../modules/auth/auth.tables.ts'
import { SessionActivity } from '../../modules/auth/session-activity.ts'
import { TokenCache } from '../../modules/auth/token-cache.ts'
import { type ItemAbility, itemFor } from '../../modules/items/item-access.ts'
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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    // true: a route an account without the required second factor may still call (to set one up, ADR 041).
    twoFactorSetup?: boolean
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyInstance {
    /** Tokens recently seen on this instance (ADR 020); `forget(userId)` when an account's access changes. */
    tokenCache: TokenCache<AuthContext>
    /** When each session was last used, written in batches (GET /me/sessions). */
    sessionActivity: SessionActivity
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
  app.addHook('onClose', async () => {
    app.events.off('user.access-changed', onAccessChanged)
    await activity.stop()
  })

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

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized()
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

type AccountRow = Omit<AuthContext, 'role' | 'twoFactorMissing'> & {
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
