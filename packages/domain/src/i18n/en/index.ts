import type { Catalogue } from '../translate'
import { DOMAIN_MESSAGES_EN } from './domain'
import { SERVER_MESSAGES_EN } from './server'

/** Every Ukrainian text of the domain and the server with its English (ADR 032). */
export const MESSAGES_EN: Catalogue = { ...DOMAIN_MESSAGES_EN, ...SERVER_MESSAGES_EN }
