import { common } from './common'
import { labels } from './labels'
import { pellets } from './pellets'
import { server } from './server'
import { sync } from './sync'
import { validation } from './validation'

/** All Ukrainian wording of the domain and the server, by section (ADR 055). */
export const UK_MESSAGES = { common, labels, pellets, server, sync, validation } as const
