import type { Catalogue } from '../translate'

/**
 * Texts of the domain's request rules (packages/domain/src/operations, schemas) that the server's refusals used to
 * list here, with their English, until they have keys (ADR 055). The server's own refusals, mails and stored
 * reasons are keyed messages (locales/{uk,en}/server.ts). Keys are the Ukrainian wording exactly as the source
 * writes it; `{0}`, `{1}` are its `${…}` parts, translated in turn.
 */
export const SERVER_MESSAGES_EN: Catalogue = {
  'schedule: контролер не підтримує розклад': 'schedule: the controller does not support schedules',
  'schedule: застосовано інший розклад': 'schedule: a different schedule was applied',
  'Ключ доступу': 'Passkey',
}
