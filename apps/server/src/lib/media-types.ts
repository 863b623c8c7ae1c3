import { msg } from '@teplo/domain'
import { JSON_API } from './jsonapi.ts'

// JSON:API 1.1 content negotiation (jsonapi.org/format/1.1/#content-negotiation): the media type's only
// parameters are `ext` and `profile`; an extension the server does not know cannot be applied.

/** The JSON:API extensions (URIs) this server applies: none yet. */
export const SUPPORTED_EXTENSIONS: ReadonlySet<string> = new Set()

export type MediaRange = { type: string; params: Map<string, string>; weight: number }

/** Splits on `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (char === '\\' && quoted) {
      current += char + (text[index + 1] ?? '')
      index++
    } else if (char === '"') {
      quoted = !quoted
      current += char
    } else if (char === separator && !quoted) {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts
}

const unquote = (value: string) =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value

/**
 * One media type with its parameters (names lower-cased). In `Accept` (`ranges`), `q` is the weight and not a
 * parameter, and what follows it is an accept extension.
 */
export function parseMediaRange(text: string, ranges = false): MediaRange {
  const [type = '', ...rest] = splitOutsideQuotes(text, ';')
  const params = new Map<string, string>()
  let weight = 1
  for (const part of rest) {
    const at = part.indexOf('=')
    const name = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase()
    if (!name) continue
    const value = at === -1 ? '' : unquote(part.slice(at + 1).trim())
    // Everything after the weight is an accept extension, not a media type parameter (RFC 9110 §12.5.1).
    if (ranges && name === 'q') {
      weight = Number(value)
      break
    }
    params.set(name, value)
  }
  return { type: type.trim().toLowerCase(), params, weight: Number.isFinite(weight) ? weight : 1 }
}

const extensionsOf = (range: MediaRange) => (range.params.get('ext') ?? '').split(/\s+/).filter(Boolean)
const foreignParameters = (range: MediaRange) =>
  [...range.params.keys()].filter((name) => name !== 'ext' && name !== 'profile')

/** Why a request's `Content-Type` cannot be read as JSON:API (415), or null. Other media types pass. */
export function contentTypeRefusal(header: string | undefined): string | null {
  // Most requests: nothing to parse (read on every request).
  if (!header || header === JSON_API || !header.toLowerCase().includes(JSON_API)) return null
  const range = parseMediaRange(header)
  if (range.type !== JSON_API) return null
  const foreign = foreignParameters(range)
  if (foreign.length > 0)
    return msg('server.jsonApi.contentTypeParameters', { type: JSON_API, parameters: foreign.join(', ') })
  const unknown = extensionsOf(range).filter((uri) => !SUPPORTED_EXTENSIONS.has(uri))
  if (unknown.length > 0) return msg('server.jsonApi.extensionUnsupported', { extensions: unknown.join(' ') })
  return null
}

// Answers a client takes besides the plain JSON:API media type: the JSON:API answer is JSON as well.
const ALTERNATIVES = new Set(['*/*', 'application/*', 'application/json'])

/**
 * Why no answer can be given for a request's `Accept` (406), or null: it lists the JSON:API media type only with
 * parameters other than ext/profile or with extensions this server does not apply, and nothing else it may get.
 */
export function acceptRefusal(header: string | undefined): string | null {
  if (!header || header === JSON_API || !header.toLowerCase().includes(JSON_API)) return null
  const listed = splitOutsideQuotes(header, ',').map((range) => parseMediaRange(range, true))
  if (!listed.some((range) => range.type === JSON_API)) return null
  // A weight of 0 says "not this one".
  const ranges = listed.filter((range) => range.weight > 0)
  const jsonApi = ranges.filter((range) => range.type === JSON_API)
  const servable = (range: MediaRange) =>
    foreignParameters(range).length === 0 && extensionsOf(range).every((uri) => SUPPORTED_EXTENSIONS.has(uri))
  if (jsonApi.some(servable)) return null
  if (ranges.some((range) => ALTERNATIVES.has(range.type))) return null
  return msg('server.jsonApi.notAcceptable', { type: JSON_API })
}
