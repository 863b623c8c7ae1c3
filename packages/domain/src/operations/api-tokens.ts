import { apiTokenCreatedDocumentSchema, apiTokenListDocumentSchema } from '../resources/api-tokens'
import { noContentSchema } from '../resources/document'
import { apiTokenCreateSchema } from '../schemas/api-tokens'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// Personal API tokens (ADR 060), the caller's own only. None of these declares `token`: a token cannot list,
// make or delete tokens.

const listApiTokens = defineOperation({
  id: 'listApiTokens',
  method: 'GET',
  path: '/me/api-tokens',
  tag: 'profile',
  summary:
    "The account's personal API tokens: name, scopes, devices, expiry, last used (to about a minute) and from where",
  access: SIGNED_IN,
  status: 200,
  response: apiTokenListDocumentSchema,
})

const createApiToken = defineOperation({
  id: 'createApiToken',
  method: 'POST',
  path: '/me/api-tokens',
  tag: 'profile',
  summary:
    'Make a personal API token (`Authorization: Bearer teplo_pat_…`); the secret is answered in `meta.token` only here; needs `current_password` or a check-password within 5 minutes',
  access: SIGNED_IN,
  type: 'api-tokens',
  body: apiTokenCreateSchema,
  status: 201,
  response: apiTokenCreatedDocumentSchema,
})

const deleteApiToken = defineOperation({
  id: 'deleteApiToken',
  method: 'DELETE',
  path: '/me/api-tokens/{id}',
  tag: 'profile',
  summary: "Delete one of the account's API tokens: refused (401) from then on; 404 for one not the caller's",
  access: SIGNED_IN,
  params: idParams,
  status: 204,
  response: noContentSchema,
})

export const apiTokenOperations = { listApiTokens, createApiToken, deleteApiToken }
