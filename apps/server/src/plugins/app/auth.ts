import { effectiveRole, type RoleName } from '@teplo/domain'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { tokens, users } from '../../db/schema.ts'
import { forbidden, unauthorized } from '../../lib/api-error.ts'
import { sha256 } from '../../lib/secrets.ts'
import type { RoleRef } from '../../modules/users/user-roles.ts'

export type AuthContext = {
  userId: number
  tokenId: number
  name: string
  email: string
  roles: RoleRef[]
  role: RoleName
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    requireRole: (...allowed: RoleName[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>
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

// Bearer tokens are opaque; only their hash is stored, so a database leak does not leak sessions.
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null)

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    if (!token) throw unauthorized()
    // One round trip per request: the token, its account and the account's roles in their order.
    const [row] = await app.db
      .select({
        tokenId: tokens.id,
        userId: users.id,
        name: users.name,
        email: users.email,
        roles: rolesOfRow,
      })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(
        and(
          eq(tokens.tokenHash, sha256(token)),
          eq(tokens.kind, 'access'),
          isNull(tokens.revokedAt),
          gt(tokens.expiresAt, new Date()),
        ),
      )
      .limit(1)
    if (!row) throw unauthorized()
    request.auth = { ...row, role: effectiveRole(row.roles) }
  })

  app.decorate(
    'requireRole',
    (...allowed: RoleName[]) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        await app.authenticate(request, reply)
        if (!request.auth || !allowed.includes(request.auth.role)) throw forbidden()
      },
  )
}

export default fp(authPlugin, { name: 'teplo-auth', dependencies: ['teplo-db'] })

export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}
