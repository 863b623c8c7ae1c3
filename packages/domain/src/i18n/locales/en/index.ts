import { common } from './common'
import { pellets } from './pellets'
import { server } from './server'

/** All English wording of the domain and the server, by section (ADR 055). */
export const EN_MESSAGES = { common, pellets, server }
