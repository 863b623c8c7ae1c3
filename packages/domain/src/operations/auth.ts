import { z } from 'zod'
import { registerResponseSchema, tokenResponseSchema } from '../resources/account'
import { profileDocumentSchema } from '../resources/catalogue'
import { noContentSchema } from '../resources/document'
import { loginResponseSchema } from '../resources/two-factor'
import { loginSchema, registerSchema } from '../schemas/auth'
import { loginTwoFactorSchema } from '../schemas/two-factor'
import { defineOperation, PUBLIC, SIGNED_IN } from './operation'

// Signing in and out, creating an account, and the signed-in account. The token answers are plain JSON, as
// OAuth clients expect.

const signIn = defineOperation({
  id: 'signIn',
  method: 'POST',
  path: '/login',
  tag: 'auth',
  summary: 'Sign in: an access token, or with two-factor sign-in on a challenge for POST /login/two-factor',
  access: PUBLIC,
  jsonApi: false,
  body: loginSchema,
  status: 200,
  response: loginResponseSchema,
})

const signInSecondFactor = defineOperation({
  id: 'signInSecondFactor',
  method: 'POST',
  path: '/login/two-factor',
  tag: 'auth',
  summary:
    'Second step of signing in: the challenge POST /login answered and a code from the authenticator app (or a recovery code); answers the access token',
  access: PUBLIC,
  jsonApi: false,
  body: loginTwoFactorSchema,
  status: 200,
  response: tokenResponseSchema,
})

const registerAccount = defineOperation({
  id: 'registerAccount',
  method: 'POST',
  path: '/register',
  tag: 'auth',
  summary:
    'Create an account (its address is mailed a verification link; through an invitation link with the invited address, it is proven and the invitation accepted)',
  access: PUBLIC,
  jsonApi: false,
  body: registerSchema,
  status: 200,
  response: registerResponseSchema,
})

const signOut = defineOperation({
  id: 'signOut',
  method: 'POST',
  path: '/logout',
  tag: 'auth',
  summary: 'Revoke the current token',
  access: SIGNED_IN,
  status: 204,
  response: noContentSchema,
})

const getProfile = defineOperation({
  id: 'getProfile',
  method: 'GET',
  path: '/me',
  tag: 'profile',
  summary: 'The signed-in user',
  access: SIGNED_IN,
  query: z.object({ include: z.enum(['roles']).optional() }),
  status: 200,
  response: profileDocumentSchema,
})

export const authOperations = { signIn, signInSecondFactor, registerAccount, signOut, getProfile }
