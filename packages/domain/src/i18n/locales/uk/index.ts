import { common } from './common'
import { labels } from './labels'
import { server } from './server'
import { validation } from './validation'

/** All Ukrainian wording of the domain and the server, by section (ADR 055). */
export const UK_MESSAGES = { common, labels, server, validation } as const
