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
  'Посилання для налаштування недійсне або застаріло.': 'The setup link is not valid or has expired.',
  'Будь ласка, виберіть тип пристрою': 'Please choose a device type',
  'Вкажіть власника пристрою': "Enter the device's owner",
  'Оберіть власника': 'Choose an owner',
  'Час на підтвердження входу минув. Увійдіть знову.':
    'The time to confirm the sign-in has run out. Sign in again.',
  'Ключ доступу не підтверджено. Спробуйте ще раз.': 'The passkey was not confirmed. Try again.',
  'Оберіть роль': 'Choose a role',
  'Некоректне зображення профілю': 'Invalid profile picture',
}
