import { noContentSchema } from '../resources/document'
import { loginResponseSchema } from '../resources/two-factor'
import { passwordForgotSchema, passwordResetSchema } from '../schemas/auth'
import { defineOperation, PUBLIC } from './operation'

// A forgotten password: a mailed link, then a new password with its token (ADR 034's limits beside the
// declaration).

const requestPasswordReset = defineOperation({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/password-forgot',
  tag: 'auth',
  summary:
    'E-mail a password reset link (same answer for unknown e-mails; 429 with Retry-After over ' +
    'PASSWORD_RESETS_PER_HOUR requests from one address)',
  access: PUBLIC,
  type: 'password-resets',
  body: passwordForgotSchema,
  status: 204,
  response: noContentSchema,
})

const resetPassword = defineOperation({
  id: 'resetPassword',
  method: 'POST',
  path: '/password-reset',
  tag: 'auth',
  summary:
    'Set a new password with the e-mailed token; answers a fresh access token, or with two-factor sign-in on the challenge for POST /login/two-factor',
  access: PUBLIC,
  type: 'password-resets',
  body: passwordResetSchema,
  status: 200,
  response: loginResponseSchema,
})

export const passwordResetOperations = { requestPasswordReset, resetPassword }
