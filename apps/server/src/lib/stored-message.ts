import { type Language, translateMessage } from '@teplo/domain'

/**
 * A text the server stored for a person to read later (a sync reason, a change log's reason, a failed update's
 * reason) in the reader's language: a keyed message of ours is rendered (ADR 055); a controller's own words come
 * as they are.
 */
export function storedMessage(text: string | null, language: Language | undefined): string | null {
  return text === null ? null : translateMessage(text, language ?? 'uk')
}
