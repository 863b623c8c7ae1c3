import { EN_MESSAGES, registerMessages, translate } from '@teplo/domain'

/** The domain's messages in English: a chunk of its own, fetched only when English is chosen (ADR 055). */
export const registerEnglish = (): void => registerMessages('en', EN_MESSAGES)

/** Texts from before keys (ADR 032), from the old catalogue. */
export const toEnglish = (text: string): string => translate(text, 'en')
