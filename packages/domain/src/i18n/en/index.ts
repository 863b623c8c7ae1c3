import type { Catalogue } from '../translate'
import { DOMAIN_MESSAGES_EN } from './domain'
import { LABEL_TWINS_EN } from './labels'
import { SERVER_MESSAGES_EN } from './server'

/** Every Ukrainian text of the domain and the server with its English (ADR 032). */
export const MESSAGES_EN: Catalogue = { ...LABEL_TWINS_EN, ...DOMAIN_MESSAGES_EN, ...SERVER_MESSAGES_EN }
