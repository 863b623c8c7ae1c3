import { z } from 'zod'
import { emailLinkResultDocumentSchema } from '../resources/account'
import { profileDocumentSchema } from '../resources/catalogue'
import { noContentSchema } from '../resources/document'
import { accountDeleteSchema, checkPasswordSchema, emailLinkSchema } from '../schemas/profile'
import { profilePatchSchema } from '../schemas/profile-patch'
import { defineOperation, PUBLIC, SIGNED_IN } from './operation'

// The signed-in account (/me) is a users resource; its routes act on the caller's own account.

const updateProfile = defineOperation({
  id: 'updateProfile',
  method: 'PATCH',
  path: '/me',
  tag: 'profile',
  summary:
    'Change the name, the password (with the current one) or the e-mail — one per request — and/or the ' +
    'language. An e-mail change needs `current_password` or a check-password within 5 minutes, and waits ' +
    'as `pending_email` until the link mailed to the new address is opened',
  access: SIGNED_IN,
  type: 'users',
  body: profilePatchSchema,
  status: 200,
  response: profileDocumentSchema,
})

const deleteAccount = defineOperation({
  id: 'deleteAccount',
  method: 'DELETE',
  path: '/me',
  tag: 'profile',
  summary:
    'Delete the account with its devices and their data (the current password confirms it, or a ' +
    'check-password within 5 minutes)',
  access: SIGNED_IN,
  type: 'users',
  // No body at all is an empty one: the password may have been checked already.
  body: z.preprocess((body) => body ?? {}, accountDeleteSchema) as unknown as typeof accountDeleteSchema,
  status: 204,
  response: noContentSchema,
})

const checkPassword = defineOperation({
  id: 'checkPassword',
  method: 'POST',
  path: '/auth/check-password',
  tag: 'profile',
  summary:
    "Confirm the signed-in user's password (204 right, 401 wrong); a right one vouches for this session's " +
    'e-mail change and account deletion for 5 minutes',
  access: SIGNED_IN,
  type: 'password-checks',
  body: checkPasswordSchema,
  status: 204,
  response: noContentSchema,
})

export const profileOperations = { updateProfile, deleteAccount, checkPassword }

// Proven addresses and the mailed links of an address change (ADR 034).

const sendEmailVerification = defineOperation({
  id: 'sendEmailVerification',
  method: 'POST',
  path: '/me/email-verification',
  tag: 'profile',
  summary:
    "Mail a new link proving the account's address (409 when already proven; 429 with Retry-After over " +
    'five address letters an hour)',
  access: SIGNED_IN,
  status: 204,
  response: noContentSchema,
})

const openEmailLink = defineOperation({
  id: 'openEmailLink',
  method: 'POST',
  path: '/email-verification',
  tag: 'profile',
  summary:
    'Open a mailed link: a verification link proves the address, a new-address link makes it the ' +
    "account's (works signed out; 422 on `token` when spent, expired or unknown)",
  access: PUBLIC,
  type: 'email-links',
  body: emailLinkSchema,
  status: 200,
  response: emailLinkResultDocumentSchema,
})

const undoEmailChange = defineOperation({
  id: 'undoEmailChange',
  method: 'POST',
  path: '/email-change/undo',
  tag: 'profile',
  summary:
    'Open the link mailed to the old address: cancels a waiting change or restores the old address ' +
    '(within 7 days), and ends every session of the account',
  access: PUBLIC,
  type: 'email-links',
  body: emailLinkSchema,
  status: 200,
  response: emailLinkResultDocumentSchema,
})

export const accountEmailOperations = { sendEmailVerification, openEmailLink, undoEmailChange }
