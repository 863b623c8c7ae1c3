import type { MessagesOf } from '../shape'
import type { common as uk } from '../uk/common'

export const common: MessagesOf<typeof uk> = {
  seconds: '{{count}} s',
  minutes: '{{count}} min',
  /** Several messages stored as one (msgList): each rendered, joined with «; ». */
  list: '{{items}}',
  andMore: 'and {{count}} more',
}
