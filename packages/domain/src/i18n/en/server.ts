import type { Catalogue } from '../translate'

/**
 * Texts of the domain's request rules (packages/domain/src/operations, schemas) that the server's refusals used to
 * list here, with their English, until they have keys (ADR 055). The server's own refusals, mails and stored
 * reasons are keyed messages (locales/{uk,en}/server.ts). Keys are the Ukrainian wording exactly as the source
 * writes it; `{0}`, `{1}` are its `${…}` parts, translated in turn.
 */
export const SERVER_MESSAGES_EN: Catalogue = {
  // modules/schedule: reasons joined with the domain's into an item's sync reason
  'schedule: контролер не підтримує розклад': 'schedule: the controller does not support schedules',
  'schedule: застосовано інший розклад': 'schedule: a different schedule was applied',
  'sort має бути одним із: {0}': 'sort must be one of: {0}',
  '{0} має бути не більше {1}': '{0} must be at most {1}',
  '{0} має бути цілим числом, записаним десятковими цифрами': '{0} must be a whole number in decimal digits',
  '{0} має бути не менше 1, без нулів на початку': '{0} must be at least 1, without leading zeros',
  '{0} завеликий': '{0} is too large',
  '{0} має бути текстом': '{0} must be text',
  '{0} має містити не більше {1} символів': '{0} must be at most {1} characters',
  '{0} не може містити керівних символів': '{0} cannot contain control characters',
  "{0} обов'язковий: дата й час ISO 8601, напр. 2026-11-24T06:00:00Z":
    '{0} is required: an ISO 8601 date and time, e.g. 2026-11-24T06:00:00Z',
  '{0} має бути датою й часом ISO 8601': '{0} must be an ISO 8601 date and time',
  '{0} має бути датою й часом ISO 8601 із часовим поясом, напр. 2026-11-24T06:00:00Z':
    '{0} must be an ISO 8601 date and time with a time zone, e.g. 2026-11-24T06:00:00Z',
  '{0} не є дійсною датою': '{0} is not a valid date',
  '{0} має бути між 2000-01-01 і датою через рік від сьогодні':
    '{0} must be between 2000-01-01 and a year from today',
  'resolution має бути одним із: {0}': 'resolution must be one of: {0}',
  'Посилання недійсне або застаріло: попросіть надіслати нове':
    'The link is not valid or has expired: ask for a new one',
  'Запрошення недійсне: перевірте посилання з листа':
    'The invitation is not valid: check the link in the email',
  '{0} має бути true або false': '{0} must be true or false',
  'filter[state] має бути одним із: {0}': 'filter[state] must be one of: {0}',
  'token задовгий': 'token is too long',
  'Посилання на прошивку неправильне': 'The firmware link is not valid',
  'filter[attention] має бути одним із: {0}': 'filter[attention] must be one of: {0}',
  'period має бути одним із: {0}': 'period must be one of: {0}',
  'include може бути лише: category': 'include can only be: category',
  'filter[scope] має бути одним із: own, shared, all': 'filter[scope] must be one of: own, shared, all',
  'filter[search] має містити не більше 100 символів': 'filter[search] must be at most 100 characters',
  'filter[search] має бути звичайним текстом': 'filter[search] must be plain text',
  'include може бути лише: roles': 'include can only be: roles',
  'filter[role] має бути id ролі в допустимих межах або назвою ролі':
    "filter[role] must be a role's id within range or a role's name",
}
