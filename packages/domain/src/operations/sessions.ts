import { noContentSchema } from '../resources/document'
import { sessionListDocumentSchema, sessionsEndedSchema } from '../resources/sessions'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// The account's own sessions only: every call is scoped to the caller's account, whoever asks.

const listSessions = defineOperation({
  id: 'listSessions',
  method: 'GET',
  path: '/me/sessions',
  tag: 'profile',
  summary:
    'Where the account is signed in: browser or app, platform, address, created, last used (to about a minute), and which is this one',
  access: SIGNED_IN,
  status: 200,
  response: sessionListDocumentSchema,
})

const endOtherSessions = defineOperation({
  id: 'endOtherSessions',
  method: 'DELETE',
  path: '/me/sessions',
  tag: 'profile',
  summary: 'Sign out everywhere else: every session of the account but this one ends at once',
  access: SIGNED_IN,
  status: 200,
  response: sessionsEndedSchema,
})

const endSession = defineOperation({
  id: 'endSession',
  method: 'DELETE',
  path: '/me/sessions/{id}',
  tag: 'profile',
  summary:
    "End one of the account's sessions (this one too: that signs out); 404 for a session not the caller's or already ended",
  access: SIGNED_IN,
  params: idParams,
  status: 204,
  response: noContentSchema,
})

export const sessionOperations = { listSessions, endOtherSessions, endSession }
