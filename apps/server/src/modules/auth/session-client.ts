import { hasControlCharacter } from '@teplo/domain'
import type { FastifyRequest } from 'fastify'

/** Where a session signs in from: shown in the account's list of sessions (GET /me/sessions). */
export type SessionClient = { userAgent: string | null; address: string }

const MAX_USER_AGENT_LENGTH = 512

export function sessionClient(request: FastifyRequest): SessionClient {
  const header = request.headers['user-agent']
  // Control characters never reach a screen; a very long header is cut, not refused.
  const userAgent = Array.from(header ?? '')
    .filter((character) => !hasControlCharacter(character))
    .join('')
    .trim()
    .slice(0, MAX_USER_AGENT_LENGTH)
  return { userAgent: userAgent || null, address: request.ip }
}
