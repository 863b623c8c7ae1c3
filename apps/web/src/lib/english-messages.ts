import { EN_MESSAGES, registerMessages } from '@teplo/domain'

/** The domain's messages in English: a chunk of its own, fetched only when English is chosen (ADR 055). */
export const registerEnglish = (): void => registerMessages('en', EN_MESSAGES)
