import {
  demoLoginsDocumentSchema,
  helpRequestDocumentSchema,
  supportDocumentSchema,
} from '../resources/account'
import { helpRequestSchema } from '../schemas/help'
import { defineOperation, PUBLIC, SIGNED_IN } from './operation'

// Help: a request to support, and what the help and sign-in pages show to anyone (from configuration).

const createHelpRequest = defineOperation({
  id: 'createHelpRequest',
  method: 'POST',
  path: '/help-requests',
  tag: 'help',
  summary: 'Send a help request to support (stored, then e-mailed)',
  access: SIGNED_IN,
  type: 'help-requests',
  body: helpRequestSchema,
  status: 201,
  response: helpRequestDocumentSchema,
})

const getSupport = defineOperation({
  id: 'getSupport',
  method: 'GET',
  path: '/support',
  tag: 'help',
  summary: 'Support phone and e-mail shown on the help page',
  access: PUBLIC,
  status: 200,
  response: supportDocumentSchema,
})

const getDemoLogins = defineOperation({
  id: 'getDemoLogins',
  method: 'GET',
  path: '/demo-logins',
  tag: 'auth',
  summary: 'Demo accounts that still sign in with their published passwords (empty on a real installation)',
  access: PUBLIC,
  status: 200,
  response: demoLoginsDocumentSchema,
})

export const helpOperations = { createHelpRequest, getSupport, getDemoLogins }
