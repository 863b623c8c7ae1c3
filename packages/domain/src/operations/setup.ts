import { installationDocumentSchema, tokenResponseSchema } from '../resources/account'
import { noContentSchema } from '../resources/document'
import { setupAdminSchema, setupCheckSchema } from '../schemas/auth'
import { defineOperation, PUBLIC, rolesOnly } from './operation'

// A real installation's first administrator (ADR 044), and what an administrator is warned about.

const checkSetupLink = defineOperation({
  id: 'checkSetupLink',
  method: 'POST',
  path: '/setup/check',
  tag: 'auth',
  summary: 'Whether a setup link (printed at start while there is no administrator) still works',
  access: PUBLIC,
  type: 'setup-links',
  body: setupCheckSchema,
  status: 204,
  response: noContentSchema,
})

const setUpFirstAdmin = defineOperation({
  id: 'setUpFirstAdmin',
  method: 'POST',
  path: '/setup',
  tag: 'auth',
  summary: 'Create the first administrator with a setup link, and sign in as it',
  access: PUBLIC,
  // The administrator's account; the answer is the new session's token, plain JSON.
  type: 'users',
  body: setupAdminSchema,
  jsonApi: false,
  status: 201,
  response: tokenResponseSchema,
})

const getInstallation = defineOperation({
  id: 'getInstallation',
  method: 'GET',
  path: '/installation',
  tag: 'users',
  summary: 'Demo installation or not, and accounts that still sign in with a published demo password',
  access: rolesOnly('admin'),
  status: 200,
  response: installationDocumentSchema,
})

export const setupOperations = { checkSetupLink, setUpFirstAdmin, getInstallation }
