import type { Catalogue } from '../translate'

/**
 * Texts not yet given a key (ADR 032, being retired by ADR 055) that the server writes with the domain's words.
 * Keys are the Ukrainian wording exactly as the source writes it; `{0}`, `{1}` are its `${…}` parts.
 */
export const DOMAIN_MESSAGES_EN: Catalogue = {
  'service.{0}: застосовано {1} замість {2}': 'service.{0}: applied {1} instead of {2}',
  'контролер не підтвердив сервісні налаштування (можливо, його прошивка їх не підтримує)':
    'the controller did not confirm the service settings (its firmware may not support them)',
  '{0}: застосовано {1} замість {2}': '{0}: applied {1} instead of {2}',
  '{0}: не підтримується цим контролером': '{0}: not supported by this controller',
}
