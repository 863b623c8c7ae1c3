import type { Catalogue } from '../translate'

/**
 * The domain's texts in English: form and request validation messages, labels without an English table of their
 * own, units. Keys are the Ukrainian wording exactly as the source writes it; `{0}`, `{1}` are its `${…}` parts.
 */
export const DOMAIN_MESSAGES_EN: Catalogue = {
  // alarms.ts: alarm states

  // device-protocol: why a controller's acknowledgement is refused
  'Невідомий часовий пояс': 'Unknown time zone',
  'service.{0}: застосовано {1} замість {2}': 'service.{0}: applied {1} instead of {2}',
  'контролер не підтвердив сервісні налаштування (можливо, його прошивка їх не підтримує)':
    'the controller did not confirm the service settings (its firmware may not support them)',
  'Пристрій можна лише увімкнути або вимкнути': 'The device can only be switched on or off',
  '{0}: застосовано {1} замість {2}': '{0}: applied {1} instead of {2}',
  '{0}: не підтримується цим контролером': '{0}: not supported by this controller',

  // item-errors.ts: the circuit an error concerns

  // item-status.ts
  'Невідомий статус': 'Unknown status',
  Увімкнено: 'On',
  "з'єднання встановлено": 'connected',
  "синхронізація виключена,з'єднання встановлено": 'sync off, connected',
  "з'єднання немає": 'not connected',
  'очікуємо підтвердження (код: {0})': 'waiting for confirmation (code: {0})',

  // languages.ts
  'Мова має бути uk (українська) або en (англійська)': 'The language must be uk (Ukrainian) or en (English)',

  // pump-modes.ts
  'Не обрано': 'Not chosen',

  // resources/firmware.ts: update and rollout states

  // resources/fleet.ts: what needs attention

  // schemas/alarms.ts (the thresholds' names and units are their rules' twins, i18n/en/labels.ts)
  '{0} — від {1} до {2} {3}': '{0}: from {1} to {2} {3}',
  '{0} має бути числом': '{0} must be a number',
  '{0} має бути цілим числом': '{0} must be a whole number',
  '{0}: час у форматі ГГ:ХХ': '{0}: a time as HH:MM',
  '{0}: час у форматі ГГ:ХХ, наприклад 22:00': '{0}: a time as HH:MM, for example 22:00',
  'Має бути так або ні': 'Must be yes or no',
  'Початок тихих годин': 'Start of quiet hours',
  'Кінець тихих годин': 'End of quiet hours',

  // schemas/auth.ts
  "Email обов'язковий!": 'Email is required!',
  'Має бути дійсний email!': 'Must be a valid email!',
  'Необхідно ввести пароль!': 'Please enter your password!',
  'Введіть логін!': 'Enter a username!',
  'Логін має бути не довшим за 100 символів': 'The username must be at most 100 characters',
  'Пароль має бути не менше 8 символів!': 'The password must be at least 8 characters!',
  'Підтвердіть пароль': 'Confirm the password',
  'Паролі мають збігатися': 'The passwords must match',
  'Посилання для налаштування недійсне або застаріло.': 'The setup link is not valid or has expired.',
  'Будь ласка, прийміть Правила та умови!': 'Please accept the Terms and Conditions!',
  'Необіхдно вписати існуючий email!': 'Please enter an existing email!',
  'Некоректна адреса для посилання відновлення': 'Invalid address for the reset link',
  'Посилання для відновлення пароля недійсне': 'The password reset link is not valid',
  "Пароль обов'язковий!": 'Password is required!',
  'Пароль повинен бути більше 8 символів!': 'The password must be longer than 8 characters!',
  'Паролі не однакові': 'The passwords do not match',

  // schemas/catalogue.ts
  'Введіть назву ролі': 'Enter a role name',
  'Назва ролі має бути не довшою за 50 символів': 'The role name must be at most 50 characters',
  'Введіть назву тегу': 'Enter a tag name',
  'Назва тегу має бути не довшою за 50 символів': 'The tag name must be at most 50 characters',
  'Оберіть колір': 'Choose a colour',
  'Колір має бути у форматі #rrggbb': 'The colour must be written as #rrggbb',
  'Введіть назву категорії': 'Enter a device type name',
  'Назва категорії має бути не довшою за 100 символів': 'The device type name must be at most 100 characters',
  'Опис має бути текстом': 'The description must be text',
  'Опис має бути не довшим за 1000 символів': 'The description must be at most 1000 characters',

  // schemas/fields.ts
  'Текст містить недопустимі символи': 'The text contains characters that are not allowed',
  'Значення має бути від {0} до {1}': 'The value must be from {0} to {1}',
  'Введіть число': 'Enter a number',
  'Значення має бути цілим числом': 'The value must be a whole number',

  // schemas/firmware.ts
  'Версія має виглядати як 1.4 або 1.4.2 (можна з позначкою: 1.5.0-rc1), до 32 символів':
    'The version must look like 1.4 or 1.4.2 (a label is allowed: 1.5.0-rc1), up to 32 characters',
  'Оберіть тип пристрою': 'Choose a device type',
  'Вкажіть версію прошивки': 'Enter the firmware version',
  'Опис змін має бути текстом': 'The release notes must be text',
  'Опис змін має бути не довшим за {0} символів': 'The release notes must be at most {0} characters',
  'Оберіть прошивку': 'Choose firmware',
  'Пристрій вказано неправильно': 'Invalid device',
  'Оберіть пристрої': 'Choose devices',
  'Забагато пристроїв в одному оновленні': 'Too many devices in one update',
  'Значення має бути так або ні': 'The value must be yes or no',
  'Перший етап: від 1 до 99 %': 'First stage: from 1 to 99 %',
  'Оберіть пристрої або всі пристрої цього типу': 'Choose devices, or all devices of this type',

  // schemas/handovers.ts
  'Введіть код від монтажника': 'Enter the code from your installer',
  'Код надто довгий': 'The code is too long',

  // schemas/help.ts
  "Будь ласка, введіть ваше ім'я": 'Please enter your name',
  "Ім'я має бути не довшим за 100 символів": 'The name must be at most 100 characters',
  'Будь ласка, опишіть проблему': 'Please describe the problem',
  'Опис має бути не довшим за 5000 символів': 'The description must be at most 5000 characters',

  // schemas/history.ts
  'Теплотворна здатність має бути числом': 'The calorific value must be a number',
  'Теплотворна здатність — від 3 до 6 кВт·год/кг': 'The calorific value is from 3 to 6 kWh/kg',
  'ККД має бути числом': 'The efficiency must be a number',
  'ККД — від 0,3 до 1': 'The efficiency is from 0.3 to 1',
  'Ціна має бути числом': 'The price must be a number',
  'Ціна не може бути від’ємною': 'The price cannot be negative',
  'Ціна — не більше 1 000 000 грн за тонну': 'The price is at most 1,000,000 UAH a tonne',
  'Місткість бункера має бути числом': 'The hopper capacity must be a number',
  'Місткість бункера — від 1 до 100 000 кг': 'The hopper capacity is from 1 to 100,000 kg',
  'Вкажіть, скільки кілограмів засипано': 'Enter how many kilograms you added',
  'Засипано має бути від {0} до {1} кг': 'The amount added must be from {0} to {1} kg',

  // schemas/item-patch.ts
  'Налаштування пристрою змінюються окремо від його даних':
    "The device's settings are changed separately from its details",
  'За один запит можна змінити лише одну групу налаштувань':
    'One request can change only one group of settings',
  'Це поле не можна змінити': 'This field cannot be changed',
  'Оберіть користувача': 'Choose a user',

  // schemas/item-settings.ts
  'Значення має бути кратним {0}': 'The value must be a multiple of {0}',
  'Невідома група налаштувань': 'Unknown group of settings',

  // schemas/items.ts
  'Будь ласка, введіть коректний серійний номер': 'Please enter a valid serial number',
  'Будь ласка, виберіть тип пристрою': 'Please choose a device type',
  // POST /items/batch
  'Вкажіть список серійних номерів': 'Give a list of serial numbers',
  'Вкажіть хоча б один серійний номер': 'Give at least one serial number',
  'Не більше {0} серійних номерів за раз': 'No more than {0} serial numbers at a time',
  'Серійний номер повторюється в цьому списку': 'This serial number appears twice in the list',
  'Введіть назву пристрою': 'Enter a device name',
  'Назва пристрою має бути не довшою за 100 символів': 'The device name must be at most 100 characters',
  'Вкажіть власника пристрою': "Enter the device's owner",
  "Ім'я власника має бути не довшим за 100 символів": "The owner's name must be at most 100 characters",
  'Адреса має бути текстом': 'The address must be text',
  'Адреса має бути не довшою за 1000 символів': 'The address must be at most 1000 characters',
  'Оберіть власника': 'Choose an owner',
  'Синхронізація має бути увімкнена або вимкнена': 'Sync must be on or off',
  'Невідомий статус пристрою': 'Unknown device status',
  'Введіть код підтвердження': 'Enter the confirmation code',
  'Код підтвердження надто довгий': 'The confirmation code is too long',

  // schemas/profile-patch.ts, schemas/profile.ts
  "Вкажіть, що змінити: ім'я, email або пароль.": 'Say what to change: the name, email or password.',
  "Ім'я, email і пароль змінюються окремо.": 'The name, email and password are changed one at a time.',
  'Введіть поточний пароль': 'Enter your current password',
  'Введіть новий пароль': 'Enter a new password',
  "Введіть ім'я": 'Enter a name',
  'Підтвердіть новий пароль': 'Confirm the new password',

  // schemas/two-factor.ts
  'Введіть код із застосунку або код відновлення': 'Enter the code from the app or a recovery code',
  'Код задовгий': 'The code is too long',
  'Введіть шестизначний код із застосунку': 'Enter the six-digit code from the app',
  'Час на підтвердження входу минув. Увійдіть знову.':
    'The time to confirm the sign-in has run out. Sign in again.',

  'require_two_factor має бути true або false': 'require_two_factor must be true or false',

  // schemas/passkeys.ts
  'Ключ доступу не підтверджено. Спробуйте ще раз.': 'The passkey was not confirmed. Try again.',
  'Назва ключа має бути текстом': 'The passkey name must be text',
  'Назва ключа має бути не довшою за 100 символів': 'The passkey name must be at most 100 characters',

  // schemas/push.ts
  'Вкажіть адресу підписки (endpoint)': 'Give the subscription address (endpoint)',
  'Адреса підписки має бути адресою https://': 'The subscription address must be an https:// address',
  'Ключ p256dh має бути відкритим ключем P-256 (65 байтів, base64url)':
    'The p256dh key must be a P-256 public key (65 bytes, base64url)',
  'Ключ auth має бути 16 байтами в base64url': 'The auth key must be 16 bytes in base64url',
  'Адреса підписки довша за {0} символів': 'The subscription address is longer than {0} characters',
  'expirationTime має бути числом або null': 'expirationTime must be a number or null',
  'Вкажіть ключі підписки (keys.p256dh і keys.auth)':
    'Give the subscription keys (keys.p256dh and keys.auth)',

  // schemas/schedule.ts
  'Зниження — ціле число від {0} до {1} °C': 'The setback is a whole number from {0} to {1} °C',
  'День розкладу — {0} півгодин, кожна «c» (комфорт) або «r» (зниження)':
    'A schedule day is {0} half-hours, each “c” (comfort) or “r” (setback)',
  'Розклад — {0} днів, з понеділка по неділю': 'The schedule is {0} days, Monday to Sunday',
  'Розклад можна лише увімкнути (true) або вимкнути (false)':
    'The schedule can only be switched on (true) or off (false)',

  // schemas/sharing.ts, schemas/users.ts
  'Оберіть рівень доступу': 'Choose an access level',
  'Посилання запрошення неповне: відкрийте його з листа ще раз':
    'The invitation link is incomplete: open it from the email again',
  'Невірний тип ролі': 'Invalid role',
  'Оберіть роль': 'Choose a role',
  'Некоректне зображення профілю': 'Invalid profile picture',

  // service-settings/catalogue.ts: the service parameters' groups, labels, hints and units
  'Робота шнека на {0} %': 'Auger run time at {0} %',
  'Пауза шнека на {0} %': 'Auger pause at {0} %',
  'Оберти вентилятора на {0} %': 'Fan speed at {0} %',
  'Змініть хоча б один сервісний параметр': 'Change at least one service parameter',

  // settings/registry.ts: the dashboard settings' labels and messages
  'Мінімальна температура не може бути більшою за максимальну':
    'The minimum temperature cannot be higher than the maximum',
  'Модуляція має бути увімкнена або вимкнена': 'Modulation must be on or off',

  // sync-status.ts, work-modes.ts
  Застосовано: 'Applied',
  'Очікує пристрій': 'Waiting for the device',
  'Відхилено: {0}': 'Refused: {0}',
  'Очікує підключення контролера': 'Waiting for the controller to connect',
  'Невідомий режим': 'Unknown mode',
}
