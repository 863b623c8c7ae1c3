/** Words several parts use. Ukrainian is the reference wording (ADR 055). */
export const common = {
  seconds: '{{count}} с',
  minutes: '{{count}} хв',
} as const
