import { z } from 'zod'
import { msg } from '../i18n/message'
import { LIMITS } from '../limits'
import { userDocumentSchema } from '../resources/catalogue'
import { noContentSchema } from '../resources/document'
import {
  claimPreviewDocumentSchema,
  itemCreatedDocumentSchema,
  itemDocumentSchema,
  itemListDocumentSchema,
  ownerCodeDocumentSchema,
  ownerListDocumentSchema,
} from '../resources/items'
import {
  deviceCredentialsDocumentSchema,
  deviceCredentialsListDocumentSchema,
  verificationStatusSchema,
} from '../resources/provisioning'
import { hasControlCharacter } from '../schemas/fields'
import { itemClaimSchema } from '../schemas/handovers'
import { itemPatchSchema } from '../schemas/item-patch'
import {
  ITEM_BATCH_MAX,
  itemBatchCreateSchema,
  itemCreateSchema,
  itemVerifySchema,
  itemVerifyTokenSchema,
} from '../schemas/items'
import { defineOperation, PUBLIC, rolesOnly, SIGNED_IN } from './operation'
import { cacheBustingQuery, idParams, idSchema, listQuerySchema } from './parameters'

/** The columns a device list is sorted by. */
export const ITEM_SORTS = ['name', 'serial_number', 'status', 'created_at', 'updated_at'] as const

/** Batches an account may register per hour (each up to ITEM_BATCH_MAX controllers), wherever it calls from. */
export const ITEM_BATCHES_PER_HOUR = 10

const includeQuery = z.object({
  include: z.enum(['category'], { message: msg('validation.query.includeCategory') }).optional(),
})

const itemListQuery = listQuerySchema(ITEM_SORTS, LIMITS.deviceListPageSize).extend({
  include: includeQuery.shape.include,
  'filter[user_id]': idSchema('filter[user_id]').optional(),
  'filter[scope]': z
    .enum(['own', 'shared', 'all'], { message: msg('validation.query.scopeFilter') })
    .optional(),
  ...cacheBustingQuery,
})

const ownersQuery = z.object({
  'filter[search]': z
    .string()
    .max(100, { message: msg('validation.query.searchTooLong') })
    .refine((value) => !hasControlCharacter(value), { message: msg('validation.query.searchPlain') })
    .optional(),
})

// The device registry: read by whoever sees a device, registered and deleted by administrators and creators,
// changed by ability (the PATCH's ability depends on its members: the server reads it from the body).
export const itemOperations = {
  listOwners: defineOperation({
    id: 'listOwners',
    method: 'GET',
    path: '/owners',
    tag: 'items',
    summary: "Accounts to name as a device's owner: name or e-mail contains filter[search] (at most 10)",
    access: rolesOnly('admin', 'creator'),
    query: ownersQuery,
    status: 200,
    response: ownerListDocumentSchema,
  }),
  claimItem: defineOperation({
    id: 'claimItem',
    method: 'POST',
    path: '/items/claim',
    tag: 'items',
    summary: "Take a paired device over with its serial and the installer's owner code",
    access: SIGNED_IN,
    type: 'items',
    body: itemClaimSchema,
    status: 200,
    response: itemDocumentSchema,
  }),
  previewItemClaim: defineOperation({
    id: 'previewItemClaim',
    method: 'POST',
    path: '/items/claim/preview',
    tag: 'items',
    summary:
      'What a serial and owner code would hand over, and who would lose access to the device (nothing is claimed)',
    access: SIGNED_IN,
    type: 'items',
    body: itemClaimSchema,
    status: 200,
    response: claimPreviewDocumentSchema,
  }),
  issueOwnerCode: defineOperation({
    id: 'issueOwnerCode',
    method: 'POST',
    path: '/items/{id}/owner-code',
    tag: 'items',
    summary: 'A code with which a new owner takes this paired device over (admin, or the creator holding it)',
    access: rolesOnly('admin', 'creator'),
    params: idParams,
    status: 201,
    response: ownerCodeDocumentSchema,
  }),
  listItems: defineOperation({
    id: 'listItems',
    method: 'GET',
    path: '/items',
    tag: 'items',
    summary:
      "Devices of the signed-in user and those shared with them, each with the caller's access (admins: any user)",
    access: SIGNED_IN,
    token: 'read',
    query: itemListQuery,
    status: 200,
    response: itemListDocumentSchema,
  }),
  getItem: defineOperation({
    id: 'getItem',
    method: 'GET',
    path: '/items/{id}',
    tag: 'items',
    summary: 'One device',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    query: includeQuery,
    status: 200,
    response: itemDocumentSchema,
  }),
  getItemUser: defineOperation({
    id: 'getItemUser',
    method: 'GET',
    path: '/items/{id}/user',
    tag: 'items',
    summary: 'The account a device belongs to',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: userDocumentSchema,
  }),
  createItem: defineOperation({
    id: 'createItem',
    method: 'POST',
    path: '/items',
    tag: 'items',
    summary: 'Register a device (pending until verified)',
    access: rolesOnly('admin', 'creator'),
    type: 'items',
    relationships: { category_id: 'categories', user_id: 'users' },
    body: itemCreateSchema,
    status: 201,
    response: itemCreatedDocumentSchema,
  }),
  updateItem: defineOperation({
    id: 'updateItem',
    method: 'PATCH',
    path: '/items/{id}',
    tag: 'items',
    summary: 'Change one dashboard settings group, switch on/off, or edit the device (admin, creator)',
    // The device's ability is read from the members (archive, the registration record, operating it): the
    // route checks it before the body is validated.
    access: SIGNED_IN,
    token: 'control',
    type: 'items',
    relationships: { category_id: 'categories', user_id: 'users' },
    params: idParams,
    body: itemPatchSchema,
    status: 200,
    response: itemDocumentSchema,
  }),
  deleteItem: defineOperation({
    id: 'deleteItem',
    method: 'DELETE',
    path: '/items/{id}',
    tag: 'items',
    summary: 'Delete a device (admin any, creator own)',
    access: rolesOnly('admin', 'creator'),
    params: idParams,
    status: 204,
    response: noContentSchema,
  }),
}

// Pairing controllers: the controllers themselves call verify and verify-token (no account, limited per
// address); people ask for new pairing codes and register batches.
export const provisioningOperations = {
  issuePairingCode: defineOperation({
    id: 'issuePairingCode',
    method: 'POST',
    path: '/items/{id}/pairing-code',
    tag: 'provisioning',
    summary:
      'A new pairing code for a verified device (re-pairing: owner or admin); the current secret works until it is proved',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: itemCreatedDocumentSchema,
  }),
  checkItemVerification: defineOperation({
    id: 'checkItemVerification',
    method: 'POST',
    path: '/items/verify',
    tag: 'provisioning',
    summary: "Does this serial number await a verification code? ('pending' or 'unavailable')",
    access: PUBLIC,
    type: 'items',
    body: itemVerifySchema,
    status: 200,
    response: verificationStatusSchema,
  }),
  verifyItemToken: defineOperation({
    id: 'verifyItemToken',
    method: 'POST',
    path: '/items/verify-token',
    tag: 'provisioning',
    summary: 'Prove the verification code; answers the device-link credentials once',
    // Anonymous for controllers; a signed-in installer is recognised (the route signs in when a token is sent).
    access: PUBLIC,
    type: 'items',
    body: itemVerifyTokenSchema,
    status: 200,
    response: deviceCredentialsDocumentSchema,
  }),
  registerItemBatch: defineOperation({
    id: 'registerItemBatch',
    method: 'POST',
    path: '/items/batch',
    tag: 'provisioning',
    summary: `Register and pair up to ${ITEM_BATCH_MAX} controllers at once (administrators): each one's device-link credentials, once`,
    description:
      "The factory flow: every serial becomes a paired device on the caller's account under `owner`, waiting for " +
      'its first connection with the secret answered here (the server keeps only its hash). All or nothing: a ' +
      'serial already registered answers 422 with a pointer to each; a broker that cannot take the device ' +
      `accounts answers 503 and nothing is registered. ${ITEM_BATCHES_PER_HOUR} batches an hour per account (429 ` +
      'with `Retry-After` beyond). Hand the devices to their owners with owner codes or by changing the owner.',
    access: rolesOnly('admin'),
    type: 'items',
    body: itemBatchCreateSchema,
    status: 201,
    response: deviceCredentialsListDocumentSchema,
  }),
}
