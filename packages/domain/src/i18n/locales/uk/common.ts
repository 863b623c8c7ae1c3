/** Words several parts use. Ukrainian is the reference wording (ADR 055). */
export const common = {
  seconds: '{{count}} с',
  minutes: '{{count}} хв',
  /** Several messages stored as one (msgList): each rendered, joined with «; ». */
  list: '{{items}}',
  andMore: 'та ще {{count}}',
} as const
