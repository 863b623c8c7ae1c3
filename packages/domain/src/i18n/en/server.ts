import type { Catalogue } from '../translate'

/**
 * The server's refusals in English (the `detail` of its JSON:API errors) and the texts it stores for people to
 * read (a firmware update's failure reason, a settings refusal). Keys are the Ukrainian wording exactly as the
 * server's source writes it; `{0}`, `{1}` are its `${…}` parts, translated in turn.
 */
export const SERVER_MESSAGES_EN: Catalogue = {
  // lib/api-error.ts, lib/concurrency-gate.ts
  'Потрібно увійти в акаунт.': 'Please sign in.',
  'Не знайдено.': 'Not found.',
  '{0} с': '{0} s',
  '{0} хв': '{0} min',
  'Забагато одночасних спроб входу. Спробуйте ще раз за кілька секунд.':
    'Too many sign-ins at once. Try again in a few seconds.',
  'Забагато одночасних важких запитів з цього акаунта. Дочекайтеся попередніх і спробуйте знову.':
    'Too many heavy requests at once from this account. Wait for the earlier ones and try again.',
  'Сервер зараз зайнятий: показники котлів мають перевагу. Спробуйте за кілька секунд.':
    "The server is busy: the boilers' readings come first. Try again in a few seconds.",

  // lib/media-types.ts, lib/query-parameters.ts, lib/read-only-members.ts, plugins/external/json-api-rules.ts:
  // JSON:API 1.1 negotiation and rules (ADR 050)
  'Тип вмісту {0} не приймає параметрів, крім ext і profile: {1}':
    'The {0} content type takes no parameters other than ext and profile: {1}',
  'Розширення JSON:API не підтримується: {0}': 'JSON:API extension not supported: {0}',
  'Немає відповіді у форматі, який приймає запит: {0} лише без параметрів, крім ext і profile':
    'No answer in a format the request accepts: {0} only without parameters other than ext and profile',
  '{0} має бути переліком полів через кому': '{0} must be a comma-separated list of fields',
  '{0}: невідомі поля: {1}': '{0}: unknown fields: {1}',
  'Цей ресурс не має зв’язків, які можна додати через include':
    'This resource has no relationships to add with include',
  'Параметр запиту {0} тут не підтримується': 'Query parameter {0} is not supported here',
  '{0} лише для читання: його не можна змінити': '{0} is read-only: it cannot be changed',
  'Ідентифікатор нового ресурсу призначає сервер: приберіть data.id':
    'The server assigns the id of a new resource: remove data.id',

  // lib/list-query.ts, lib/params.ts: query and path parameters

  // modules/alarms, modules/auth, modules/categories
  'Тривогу не знайдено': 'Alarm not found',
  'Сповіщення не знайдено': 'Notification not found',
  'Невірні дані!': 'Wrong email or password!',
  'Сеанс не знайдено або його вже завершено.': 'Session not found, or it has already ended.',
  'Квиток живого потоку недійсний, застарів або вже використаний.':
    'The live stream ticket is not valid, has expired or has already been used.',
  'Токен доступу в адресі не приймається. Отримайте одноразовий квиток (POST /api/v2/live/tickets) і передайте його як ticket.':
    'An access token in the address is not accepted. Get a single-use ticket (POST /api/v2/live/tickets) and pass it as ticket.',
  'Тип пристрою не знайдено.': 'Device type not found.',
  'До цього типу ще належать пристрої.': 'Devices still belong to this type.',

  // modules/firmware
  'Пристрій перенесено в архів': 'The device was archived',
  'Прошивку не знайдено.': 'Firmware not found.',
  'Цю прошивку зараз розсилає оновлення: її можна видалити, коли воно завершиться.':
    'An update is sending out this firmware now: it can be deleted once the update has finished.',
  'Версія {0} для цього типу пристроїв вже завантажена.':
    'Version {0} has already been uploaded for this device type.',
  'Такого типу пристроїв немає.': 'There is no such device type.',
  'Потрібні облікові дані пристрою: серійний номер і секрет (HTTP Basic).':
    "The device's credentials are required: serial number and secret (HTTP Basic).",
  'Посилання на прошивку не знайдено.': 'Firmware link not found.',
  'Це посилання на прошивку видано іншому пристрою.': 'This firmware link was issued to another device.',
  'Посилання на прошивку застаріло: пристрій отримає нове, щойно з’єднається.':
    'The firmware link has expired: the device will get a new one as soon as it connects.',
  'Додайте файл прошивки (поле attachment).': 'Add a firmware file (the attachment field).',
  'Файл має бути образом прошивки з розширенням .bin.':
    'The file must be a firmware image with the .bin extension.',
  'Файл завеликий: образ прошивки має бути не більше {0} МБ.':
    'The file is too large: a firmware image must be at most {0} MB.',
  'Додайте лише один файл прошивки.': 'Add only one firmware file.',
  'Не вдалося прочитати завантажений файл.': 'The uploaded file could not be read.',
  '{0} Цей файл — {1}.': '{0} This file is {1}.',
  'Пристрій не назвав причину': 'The device gave no reason',
  'Оновлення не знайдено.': 'Update not found.',
  'Пристрій №{0} не знайдено.': 'Device #{0} not found.',
  'Пристрій «{0}» іншого типу, ніж ця прошивка.': 'The device “{0}” is of another type than this firmware.',
  'Пристрій «{0}» уже має версію {1}: оновлювати нічого.':
    'The device “{0}” already has version {1}: there is nothing to update.',
  'Усі підключені пристрої цього типу вже мають версію {0}.':
    'All connected devices of this type already have version {0}.',
  'Пристрій «{0}» не підключено або він в архіві: його не оновити.':
    'The device “{0}” is not connected or is archived: it cannot be updated.',
  'Такої прошивки немає.': 'There is no such firmware.',
  'Немає підключених пристроїв цього типу для оновлення.':
    'There are no connected devices of this type to update.',
  'Пристрій «{0}» вже оновлюється (оновлення №{1}).':
    'The device “{0}” is already being updated (update #{1}).',

  // modules/history
  'проміжок має бути не довшим за {0} днів': 'the period must be at most {0} days',
  'Вкажіть, скільки кілограмів засипано: місткість бункера не задано':
    'Enter how many kilograms you added: the hopper capacity is not set',
  'from має бути раніше за to': 'from must be earlier than to',

  // modules/item-errors, modules/items
  'Помилку не знайдено': 'Error not found',
  'Пристрій не знайдено': 'Device not found',
  'Ваш доступ до цього пристрою не дозволяє цієї дії': 'Your access to this device does not allow this',
  'Пристрій ще не підключено: код для власника можна отримати після підключення контролера':
    'The device is not connected yet: an owner code is available once the controller has connected',
  'Пристрій заблоковано: передати його неможливо': 'The device is blocked: it cannot be handed over',
  'Невірний серійний номер або код. Залишилось спроб: {0}.':
    'Wrong serial number or code. Attempts left: {0}.',
  'Невірний серійний номер або код. Забагато невдалих спроб: наступна спроба можлива через {0} хв.':
    'Wrong serial number or code. Too many failed attempts: you can try again in {0} min.',
  'Забагато невдалих спроб. Спробуйте знову через {0} хв.': 'Too many failed attempts. Try again in {0} min.',
  'Цей пристрій уже у вашому обліковому записі': 'This device is already in your account',
  'Пристрій ще не підтверджено: налаштування з’являться після його першого підключення':
    'The device is not confirmed yet: its settings will appear after it first connects',
  'Пристрій заблоковано: змінити його налаштування неможливо':
    'The device is blocked: its settings cannot be changed',
  'Пристрій заблоковано: увімкнути чи вимкнути його неможливо':
    'The device is blocked: it cannot be switched on or off',
  'Серійний номер пристрою змінити не можна': "The device's serial number cannot be changed",
  "Стан з'єднання визначає сам пристрій": 'The connection state is set by the device itself',
  'Повторне підтвердження пристрою не підтримується': 'Confirming a device again is not supported',
  'Передати пристрій іншому користувачеві може лише адміністратор':
    'Only an administrator can hand a device over to another user',
  'Користувача не знайдено': 'User not found',
  'Пристрій з таким серійним номером не знайдено': 'No device with this serial number was found',
  'Пристрій уже підтверджено': 'The device is already confirmed',
  'Пристрій заблоковано: підтвердження неможливе': 'The device is blocked: it cannot be confirmed',
  'Невірний код підтвердження. Залишилось спроб: {0}.': 'Wrong confirmation code. Attempts left: {0}.',
  'Невірний код підтвердження. Забагато невдалих спроб: наступна спроба можлива через {0} хв.':
    'Wrong confirmation code. Too many failed attempts: you can try again in {0} min.',
  'Пристрій ще не підтверджено: діє його поточний код підключення':
    'The device is not confirmed yet: its current connection code is still valid',
  'Сервер зв’язку з пристроями тимчасово недоступний. Спробуйте ще раз за хвилину.':
    'The device connection server is temporarily unavailable. Try again in a minute.',
  'Пристрій з таким серійним номером вже існує': 'A device with this serial number already exists',
  'Брокер пристроїв зараз недоступний. Нічого не зареєстровано, спробуйте ще раз.':
    'The device broker is unavailable right now. Nothing was registered; try again.',

  // modules/password-reset, modules/profile, modules/push
  'Посилання для зміни пароля недійсне або застаріло.':
    'The password change link is not valid or has expired.',
  'Це єдиний адміністратор: спершу призначте роль admin іншому користувачеві, потім видаліть обліковий запис.':
    'This is the only administrator: first give the admin role to another user, then delete the account.',
  'Невірний поточний пароль': 'Wrong current password',
  // modules/setup (ADR 044)
  'Адміністратор уже є: увійдіть або попросіть його створити вам обліковий запис.':
    'There already is an administrator: sign in, or ask them to create an account for you.',
  // modules/two-factor (ADR 041)
  'Двофакторний вхід уже увімкнено. Щоб налаштувати новий застосунок, спершу вимкніть його.':
    'Two-factor sign-in is already on. To set up a new app, turn it off first.',
  'Спершу почніть налаштування: отримайте новий секретний ключ.':
    'Start the set-up first: get a new secret key.',
  'Невірний код. Перевірте час на телефоні й спробуйте ще раз.':
    'Wrong code. Check the time on your phone and try again.',
  'Двофакторний вхід не увімкнено.': 'Two-factor sign-in is not on.',
  'Можна мати не більше {0} ключів доступу.': 'You can have at most {0} passkeys.',
  'Цей ключ доступу вже додано.': 'This passkey has already been added.',
  'Ключ доступу не знайдено': 'Passkey not found',
  'Ключ доступу': 'Passkey',
  'Для вашої ролі потрібен двофакторний вхід. Увімкніть його в налаштуваннях акаунта, щоб продовжити.':
    'Your role requires two-factor sign-in. Turn it on in the account settings to continue.',
  'Спершу увімкніть двофакторний вхід для себе: інакше цей вхід буде заблоковано.':
    'First turn on two-factor sign-in for yourself: otherwise this account would be locked out.',
  'Цей ключ доступу не підходить для входу. Увійдіть з паролем.':
    'This passkey does not sign in here. Sign in with your password.',
  // modules/auth/recent-auth.ts, modules/account-email, modules/mail-caps (ADR 034)
  'Підтвердіть поточний пароль: ця дія можлива лише протягом 5 хвилин після його введення':
    'Confirm your current password: this action is possible only within 5 minutes of entering it',
  'Посилання недійсне або застаріло: попросіть надіслати нове':
    'The link is not valid or has expired: ask for a new one',
  'Адресу вже підтверджено': 'The address is already confirmed',
  'Не вдалося надіслати лист. Спробуйте ще раз пізніше.': 'The e-mail could not be sent. Try again later.',
  'Попередню адресу вже використовує інший обліковий запис: зверніться до підтримки':
    'The previous address is already used by another account: contact support',
  'Забагато листів за короткий час. Спробуйте знову через {0}.':
    'Too many e-mails in a short time. Try again in {0}.',
  'Ця служба push не дозволена на цьому сервері': 'This push service is not allowed on this server',
  'Адреса підписки має бути адресою служби push в інтернеті (https://)':
    "The subscription address must be a push service's address on the internet (https://)",
  'Ключ p256dh не є точкою кривої P-256': 'The p256dh key is not a point on the P-256 curve',

  // modules/roles, modules/tags, modules/users
  'Стандартні ролі змінювати не можна.': 'The standard roles cannot be changed.',
  'Стандартні типи пристроїв змінювати не можна.': 'The standard device types cannot be changed.',
  'Стандартних користувачів змінювати не можна.': 'The standard users cannot be changed.',
  'Роль не знайдено.': 'Role not found.',
  'Роль з такою назвою вже існує.': 'A role with this name already exists.',
  'Ця роль має користувачів.': 'This role has users.',
  'Тег не знайдено.': 'Tag not found.',
  'Ця пошта вже зареєстрована.': 'This email is already registered.',
  'Обраної ролі не існує.': 'The chosen role does not exist.',
  'Ви не можете зняти з себе роль адміністратора.':
    'You cannot take the administrator role away from yourself.',
  'Ви не можете видалити власний обліковий запис.': 'You cannot delete your own account.',

  // modules/schedule, modules/service-settings: refusals and their stored reasons
  'schedule: контролер не підтримує розклад': 'schedule: the controller does not support schedules',
  'schedule: застосовано інший розклад': 'schedule: a different schedule was applied',
  'Пристрій ще не підтверджено: сервісні налаштування можна змінити після його першого підключення':
    'The device is not confirmed yet: its service settings can be changed after it first connects',
  'Пристрій заблоковано: змінити його сервісні налаштування неможливо':
    'The device is blocked: its service settings cannot be changed',

  // modules/sharing
  'Підтвердіть свою адресу електронної пошти (посилання в листі після реєстрації), щоб приймати запрошення зі списку, або відкрийте посилання з листа-запрошення':
    'Confirm your e-mail address (the link in the e-mail sent after sign-up) to accept invitations from the list, or open the link in the invitation e-mail',
  'Запрошення недійсне: перевірте посилання з листа':
    'The invitation is not valid: check the link in the email',
  'Це запрошення вже прийнято: посилання діє лише один раз':
    'This invitation has already been accepted: the link works only once',
  'Термін дії запрошення минув: попросіть власника надіслати нове':
    'The invitation has expired: ask the owner to send a new one',
  'Це запрошення надіслано на адресу {0}: увійдіть або зареєструйтеся з нею, щоб прийняти його':
    'This invitation was sent to {0}: sign in or register with that address to accept it',
  'Це запрошення надіслано на адресу {0}: зареєструйтеся з нею, щоб прийняти його, або зареєструйтеся без посилання із запрошення':
    'This invitation was sent to {0}: register with that address to accept it, or register without the invitation link',
  'Пристрій заблоковано: прийняти запрошення неможливо':
    'The device is blocked: the invitation cannot be accepted',
  'Доступ не знайдено': 'Access not found',
  'Запрошення не знайдено': 'Invitation not found',
  'Це власник пристрою: його доступ змінити не можна':
    "This is the device's owner: their access cannot be changed",
  'Пристрій уже належить цьому обліковому запису': 'The device already belongs to this account',
  'Власний доступ змінити не можна': 'You cannot change your own access',
  'Цей користувач уже має доступ: змініть його рівень у списку':
    'This user already has access: change their level in the list',
  'Не вдалося надіслати лист із запрошенням. Спробуйте пізніше.':
    'The invitation email could not be sent. Try again later.',

  // modules/uploads
  'Додайте файл зображення (поле attachment).': 'Add an image file (the attachment field).',
  'Файл має бути зображенням (JPEG, PNG, WebP або GIF).':
    'The file must be an image (JPEG, PNG, WebP or GIF).',
  'Файл завеликий: зображення має бути не більше 2 МБ.':
    'The file is too large: an image must be at most 2 MB.',

  // modules/alarms/unsubscribe-page.ts: a bad unsubscribe link's detail (its page has its own English)
  'Це посилання для відписки застаріле або пошкоджене. Вимкнути листи можна в налаштуваннях облікового запису.':
    'This unsubscribe link is out of date or damaged. You can turn the e-mails off in your account settings.',

  // plugins/external: the error handler, JSON:API documents, shutting down
  'Неприпустиме значення.': 'Invalid value.',
  'Неприпустимий параметр.': 'Invalid parameter.',
  'Сервіс тимчасово недоступний. Спробуйте ще раз за кілька секунд.':
    'The service is temporarily unavailable. Try again in a few seconds.',
  'Некоректний запит.': 'Bad request.',
  'Цей метод тут не підтримується.': 'This method is not supported here.',
  'Сервер не може відповісти в потрібному форматі.': 'The server cannot answer in the format asked for.',
  'Запит надходив задовго.': 'The request took too long to arrive.',
  'Запит завеликий.': 'The request is too large.',
  'Адреса запиту задовга.': 'The request address is too long.',
  'Непідтримуваний тип вмісту запиту.': 'Unsupported request content type.',
  'Забагато запитів. Спробуйте знову трохи згодом.': 'Too many requests. Try again a little later.',
  'Заголовки запиту завеликі.': 'The request headers are too large.',
  'Тіло запиту не є коректним JSON.': 'The request body is not valid JSON.',
  'Запит відхилено.': 'Request refused.',
  'Сталася помилка на сервері. Спробуйте ще раз пізніше.':
    'Something went wrong on the server. Try again later.',
  "Тип ресурсу '{0}' не відповідає цій адресі ('{1}').":
    "The resource type '{0}' does not match this address ('{1}').",
  "Id ресурсу '{0}' не збігається з id в адресі ('{1}').":
    "The resource id '{0}' does not match the id in the address ('{1}').",
  'Сервер перезапускається. Спробуйте ще раз за кілька секунд.':
    'The server is restarting. Try again in a few seconds.',

  // routes/api/v2: query parameters
}
