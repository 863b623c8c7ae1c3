import type { MessagesOf } from '../shape'
import type { pellets as uk } from '../uk/pellets'

export const pellets: MessagesOf<typeof uk> = {
  store: {
    capacityNumber: 'The store capacity must be a number',
    capacityRange: 'The store capacity is {{min, number}} to {{max, number}} kg',
    leadDaysNumber: 'The delivery lead time must be a whole number of days',
    leadDaysRange: 'The delivery lead time is {{min, number}} to {{max, number}} days',
    minStockNumber: 'The reserve must be a number',
    minStockRange: 'The reserve is {{min, number}} to {{max, number}} kg',
    minStockOverCapacity: 'The reserve cannot exceed the store capacity',
  },
  delivery: {
    kgNumber: 'Enter how many kilograms were delivered',
    kgRange: 'A delivery is {{min, number}} to {{max, number}} kg',
    priceNumber: 'The price must be a number',
    priceRange: 'The delivery price is {{min, number}} to {{max, number}} UAH',
    dateRequired: 'Enter the delivery date',
    dateFormat: 'The delivery date is written YYYY-MM-DD',
    dateTooEarly: 'The delivery date cannot be before 2000',
    dateInFuture: 'The delivery date cannot be in the future',
    supplierText: 'The supplier must be text',
    supplierLength: 'The supplier name is at most {{max}} characters',
    supplierControl: 'The supplier name cannot contain control characters',
    notFound: 'Delivery not found.',
    overCapacity:
      'It will not fit in the store: capacity {{capacity, number}} kg, {{stock, number}} kg already there. Change the store capacity or the amount.',
  },
  season: {
    startFormat: 'The season start is written MM-DD, e.g. 09-01',
    endFormat: 'The season end is written MM-DD, e.g. 05-31',
    sameDay: 'The season cannot start and end on the same day',
  },
  maintenance: {
    task: {
      ashBox: 'Empty the ash box',
      heatExchanger: 'Clean the heat exchanger',
      annualService: 'Annual service',
      chimneySweep: 'Sweep the chimney',
    },
    unknownTask: 'There is no such maintenance task.',
    doneAtRequired: 'Enter when it was done',
    doneAtFormat: 'The date done is written YYYY-MM-DD, or with a time and a time zone',
    doneAtInFuture: 'The date done cannot be in the future',
    doneAtBeforeDevice: 'The date done cannot be before the boiler was registered ({{date}})',
    noteText: 'The note must be text',
    noteLength: 'The note is at most {{max}} characters',
    noteControl: 'The note cannot contain control characters',
    intervalNumber: 'The interval must be a whole number',
    intervalRange: 'The interval for “{{task}}” is {{min, number}} to {{max, number}} {{unit}}',
    unit: { kg: 'kg', hours: 'h', months: 'months' },
  },
}
