import { translate } from '@teplo/domain'

/** The domain's messages in English: its catalogue, a chunk of its own fetched only when English is chosen. */
export const toEnglish = (text: string): string => translate(text, 'en')
