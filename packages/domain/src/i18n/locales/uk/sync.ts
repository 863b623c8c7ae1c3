/**
 * Why a controller's answer is not the state asked for (stored in `items.sync_error` and the change log's
 * `reason`, rendered in the reader's language). Ukrainian is the reference wording (ADR 055).
 */
export const sync = {
  appliedInstead: '{{name}}: застосовано {{applied}} замість {{desired}}',
  notSupported: '{{name}}: не підтримується цим контролером',
  serviceAppliedInstead: 'service.{{name}}: застосовано {{applied}} замість {{desired}}',
  serviceNotConfirmed:
    'контролер не підтвердив сервісні налаштування (можливо, його прошивка їх не підтримує)',
  scheduleUnsupported: 'schedule: контролер не підтримує розклад',
  scheduleDifferent: 'schedule: застосовано інший розклад',
} as const
