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
} as const
