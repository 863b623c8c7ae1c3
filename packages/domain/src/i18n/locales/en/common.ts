import type { MessagesOf } from '../shape'
import type { common as uk } from '../uk/common'

export const common: MessagesOf<typeof uk> = {
  seconds: '{{count}} s',
  minutes: '{{count}} min',
}
