/** The pellet store: its settings, deliveries and forecast (ADR 057). */
export const pellets = {
  store: {
    capacityNumber: 'Місткість складу має бути числом',
    capacityRange: 'Місткість складу — від {{min, number}} до {{max, number}} кг',
    leadDaysNumber: 'Час на доставку має бути цілим числом днів',
    leadDaysRange: 'Час на доставку — від {{min, number}} до {{max, number}} днів',
    minStockNumber: 'Недоторканний запас має бути числом',
    minStockRange: 'Недоторканний запас — від {{min, number}} до {{max, number}} кг',
    minStockOverCapacity: 'Недоторканний запас не може бути більшим за місткість складу',
  },
  delivery: {
    kgNumber: 'Вкажіть, скільки кілограмів привезли',
    kgRange: 'Привезено має бути від {{min, number}} до {{max, number}} кг',
    priceNumber: 'Ціна має бути числом',
    priceRange: 'Ціна доставки — від {{min, number}} до {{max, number}} грн',
    dateRequired: 'Вкажіть дату доставки',
    dateFormat: 'Дата доставки — у форматі РРРР-ММ-ДД',
    dateTooEarly: 'Дата доставки не може бути раніше 2000 року',
    dateInFuture: 'Дата доставки не може бути в майбутньому',
    supplierText: 'Постачальник має бути текстом',
    supplierLength: 'Назва постачальника — не більше {{max}} символів',
    supplierControl: 'Назва постачальника не може містити керівних символів',
    notFound: 'Доставку не знайдено.',
    overCapacity:
      'На складі не поміститься: місткість {{capacity, number}} кг, уже є {{stock, number}} кг. Змініть місткість складу або кількість.',
  },
  season: {
    startFormat: 'Початок сезону — у форматі ММ-ДД, наприклад 09-01',
    endFormat: 'Кінець сезону — у форматі ММ-ДД, наприклад 05-31',
    sameDay: 'Початок і кінець сезону не можуть бути тим самим днем',
  },
  /** Maintenance reminders (ADR 059): the tasks' names, the refusals of a task done or an interval. */
  maintenance: {
    task: {
      ashBox: 'Спорожнити зольник',
      heatExchanger: 'Почистити теплообмінник',
      annualService: 'Щорічне технічне обслуговування',
      chimneySweep: 'Прочистити димохід',
    },
    unknownTask: 'Такого завдання обслуговування немає.',
    doneAtRequired: 'Вкажіть, коли виконано',
    doneAtFormat: 'Дату виконання пишуть як РРРР-ММ-ДД або з часом і часовим поясом',
    doneAtInFuture: 'Дата виконання не може бути в майбутньому',
    doneAtBeforeDevice: 'Дата виконання не може бути раніше, ніж котел зареєстровано ({{date}})',
    noteText: 'Примітка має бути текстом',
    noteLength: 'Примітка — не довша за {{max}} символів',
    noteControl: 'Примітка не може містити керівних символів',
    intervalNumber: 'Інтервал має бути цілим числом',
    intervalRange: 'Інтервал для «{{task}}» — від {{min, number}} до {{max, number}} {{unit}}',
    unit: { kg: 'кг', hours: 'год', months: 'міс.' },
  },
} as const
