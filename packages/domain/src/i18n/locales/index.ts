import { registerMessages } from '../messages'
import { EN_MESSAGES } from './en'
import { UK_MESSAGES } from './uk'

export { EN_MESSAGES, UK_MESSAGES }

/** Registers every section in both languages: the server at start, tests, scripts. */
export function registerAllMessages(): void {
  registerMessages('uk', UK_MESSAGES)
  registerMessages('en', EN_MESSAGES)
}
