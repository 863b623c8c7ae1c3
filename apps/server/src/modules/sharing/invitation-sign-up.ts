import type { RegisterInput, RegisterResponse } from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { normalizeEmail, register } from '../auth/auth.service.ts'
import type { SessionClient } from '../auth/session-client.ts'
import { acceptInTransaction, announceAcceptance, checkInvitationForSignUp } from './invitations.service.ts'

/**
 * POST /register with `invitation_token` (ADR 048): the mailed link proves the invited address, so an account made
 * with exactly that address starts proven and with the invitation accepted, in one transaction. Any other address
 * is refused before an account exists: the offer stays for its addressee.
 */
export async function registerThroughInvitation(
  db: Database,
  events: AppEventBus,
  input: RegisterInput & { invitation_token: string },
  client?: SessionClient,
  now = new Date(),
): Promise<{ userId: number; response: RegisterResponse }> {
  const email = normalizeEmail(input.email)
  await checkInvitationForSignUp(db, input.invitation_token, email, now)
  const { userId, token, outcome } = await register(db, input, client, (tx, id) =>
    acceptInTransaction(tx, id, email, { token: input.invitation_token }, now),
  )
  if (!outcome) throw new Error('the invitation was not accepted')
  announceAcceptance(events, outcome)
  return {
    userId,
    response: {
      ...token,
      invitation: { item_id: String(outcome.itemId), item_name: outcome.itemName, access: outcome.access },
    },
  }
}
