import { common } from './common'
import { server } from './server'

/** All Ukrainian wording of the domain and the server, by section (ADR 055). */
export const UK_MESSAGES = { common, server } as const
