import { tokenResponseSchema } from '../resources/account'
import { noContentSchema } from '../resources/document'
import {
  passkeyDocumentSchema,
  passkeyListDocumentSchema,
  passkeyOptionsDocumentSchema,
} from '../resources/passkeys'
import {
  recoveryCodesDocumentSchema,
  securitySettingsDocumentSchema,
  totpSetupDocumentSchema,
} from '../resources/two-factor'
import {
  passkeyCreateSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeySecondFactorOptionsSchema,
} from '../schemas/passkeys'
import {
  securitySettingsPatchSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
} from '../schemas/two-factor'
import { optionalBody } from './bodies'
import { defineOperation, PUBLIC, rolesOnly, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// A body sent under /me is a document of the signed-in account: a users resource.
const ME = 'users'

// Second factors (ADR 041), the caller's own account only. Turning a factor on or off is an account takeover's
// first move, so both ask for the recent re-authentication (ADR 034) beside the declaration; confirming needs a
// code from the secret only the setter was shown.

const startTotpSetup = defineOperation({
  id: 'startTotpSetup',
  method: 'POST',
  path: '/me/two-factor/totp',
  tag: 'profile',
  summary:
    'Start TOTP set-up: a new secret and its otpauth:// URI for an authenticator app (not asked at sign-in until confirmed); needs `current_password` or a check-password within 5 minutes; 409 when TOTP is already on',
  access: SIGNED_IN,
  type: ME,
  body: optionalBody(totpSetupSchema),
  status: 200,
  response: totpSetupDocumentSchema,
})

const confirmTotp = defineOperation({
  id: 'confirmTotp',
  method: 'POST',
  path: '/me/two-factor/totp/confirm',
  tag: 'profile',
  summary: 'Turn TOTP on with a code from the app; answers the ten one-time recovery codes (shown only here)',
  access: SIGNED_IN,
  type: ME,
  body: totpConfirmSchema,
  status: 200,
  response: recoveryCodesDocumentSchema,
})

const disableTotp = defineOperation({
  id: 'disableTotp',
  method: 'DELETE',
  path: '/me/two-factor/totp',
  tag: 'profile',
  summary:
    'Turn TOTP off (the secret and recovery codes are deleted); needs `current_password` or a check-password within 5 minutes',
  access: SIGNED_IN,
  type: ME,
  body: optionalBody(totpDisableSchema),
  status: 204,
  response: noContentSchema,
})

const getSecuritySettings = defineOperation({
  id: 'getSecuritySettings',
  method: 'GET',
  path: '/security-settings',
  tag: 'users',
  summary: 'Installation security (administrators): whether admins and installers must have a second factor',
  access: rolesOnly('admin'),
  status: 200,
  response: securitySettingsDocumentSchema,
})

const updateSecuritySettings = defineOperation({
  id: 'updateSecuritySettings',
  method: 'PATCH',
  path: '/security-settings',
  tag: 'users',
  summary:
    'Require a second factor of admins and installers (administrators; 409 for one who has none): until they set one up, their other calls are 403',
  access: rolesOnly('admin'),
  type: 'security-settings',
  body: securitySettingsPatchSchema,
  status: 200,
  response: securitySettingsDocumentSchema,
})

export const twoFactorOperations = {
  startTotpSetup,
  confirmTotp,
  disableTotp,
  getSecuritySettings,
  updateSecuritySettings,
}

// Passkeys (ADR 041): the caller's own, listed, added after the recent re-authentication, removed with it too;
// and the two sign-ins they give: as the second factor after a password, and without a password at all.

const listPasskeys = defineOperation({
  id: 'listPasskeys',
  method: 'GET',
  path: '/me/passkeys',
  tag: 'profile',
  summary: "The account's passkeys",
  access: SIGNED_IN,
  status: 200,
  response: passkeyListDocumentSchema,
})

const startPasskeyCreation = defineOperation({
  id: 'startPasskeyCreation',
  method: 'POST',
  path: '/me/passkeys/options',
  tag: 'profile',
  summary:
    'Start adding a passkey: the options for navigator.credentials.create(); needs `current_password` or a check-password within 5 minutes',
  access: SIGNED_IN,
  type: ME,
  body: optionalBody(passkeyOptionsSchema),
  status: 200,
  response: passkeyOptionsDocumentSchema,
})

const addPasskey = defineOperation({
  id: 'addPasskey',
  method: 'POST',
  path: '/me/passkeys',
  tag: 'profile',
  summary: "Keep the passkey the browser made for this account's options (within 2 minutes of them)",
  access: SIGNED_IN,
  type: ME,
  body: passkeyCreateSchema,
  status: 200,
  response: passkeyDocumentSchema,
})

const removePasskey = defineOperation({
  id: 'removePasskey',
  method: 'DELETE',
  path: '/me/passkeys/{id}',
  tag: 'profile',
  summary:
    "Remove one of the account's passkeys; needs `current_password` or a check-password within 5 minutes; 404 for another account's",
  access: SIGNED_IN,
  type: ME,
  params: idParams,
  body: optionalBody(passkeyOptionsSchema),
  status: 204,
  response: noContentSchema,
})

const startPasskeySecondFactor = defineOperation({
  id: 'startPasskeySecondFactor',
  method: 'POST',
  path: '/login/two-factor/passkey-options',
  tag: 'auth',
  summary:
    'The options for navigator.credentials.get() with the passkeys of the account a login challenge signs in (its second factor)',
  access: PUBLIC,
  jsonApi: false,
  body: passkeySecondFactorOptionsSchema,
  status: 200,
  response: passkeyOptionsDocumentSchema,
})

const startPasskeySignIn = defineOperation({
  id: 'startPasskeySignIn',
  method: 'POST',
  path: '/login/passkey/options',
  tag: 'auth',
  summary: 'Sign in with a passkey, no password: the options for navigator.credentials.get()',
  access: PUBLIC,
  jsonApi: false,
  status: 200,
  response: passkeyOptionsDocumentSchema,
})

const signInWithPasskey = defineOperation({
  id: 'signInWithPasskey',
  method: 'POST',
  path: '/login/passkey',
  tag: 'auth',
  summary:
    "Sign in with a passkey, no password: the browser's answer to the options (the authenticator verified the person); answers the access token",
  access: PUBLIC,
  jsonApi: false,
  body: passkeyLoginSchema,
  status: 200,
  response: tokenResponseSchema,
})

export const passkeyOperations = {
  listPasskeys,
  startPasskeyCreation,
  addPasskey,
  removePasskey,
  startPasskeySecondFactor,
  startPasskeySignIn,
  signInWithPasskey,
}
