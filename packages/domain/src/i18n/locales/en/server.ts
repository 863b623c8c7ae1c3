import type { MessagesOf } from '../shape'
import type { server as uk } from '../uk/server'

export const server: MessagesOf<typeof uk> = {
  common: {
    signInRequired: 'Please sign in.',
    forbidden: 'You do not have permission to do this.',
    notFound: 'Not found.',
    tooManyAttempts: 'Too many attempts. Try again in {{wait}}.',
  },
}
