export { EN_MESSAGES, registerAllMessages, UK_MESSAGES } from './locales'
export type { MessagesOf } from './locales/shape'
export { common as COMMON_UK } from './locales/uk/common'
export { labels as LABELS_UK } from './locales/uk/labels'
export { pellets as PELLETS_UK } from './locales/uk/pellets'
export { validation as VALIDATION_UK } from './locales/uk/validation'
export {
  type DecodedMessage,
  decodeMessage,
  type MessageKey,
  type MessageParams,
  msg,
  msgList,
} from './message'
export { hasMessage, registerMessages, translateMessage } from './messages'
