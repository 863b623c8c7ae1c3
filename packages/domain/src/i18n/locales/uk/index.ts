import { common } from './common'
import { pellets } from './pellets'
import { server } from './server'

/** All Ukrainian wording of the domain and the server, by section (ADR 055). */
export const UK_MESSAGES = { common, pellets, server } as const
