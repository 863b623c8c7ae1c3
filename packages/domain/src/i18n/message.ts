import type { UK_MESSAGES } from './locales/uk'

/**
 * A message is a key and its parameters (ADR 055): `msg('server.common.notFound')`,
 * `msg('validation.maxLength', { max: 100 })`. The services, the domain's rules and the stored texts carry it
 * encoded as one string — the key, then its parameters as JSON (`validation.maxLength{"max":100}`) — so it
 * fits wherever a text went before (a zod message, an error's `detail`, a column a person reads later) and is
 * rendered in the reader's language at the edge (`translateMessage`). A parameter may be a list of messages, rendered
 * each and joined with «; » (`msgList`).
 */
export type MessageParams = Readonly<Record<string, string | number | readonly string[]>>

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other'
type WithoutPlural<Key extends string> = Key extends `${infer Base}${PluralSuffix}` ? Base : Key
type Leaves<Tree, Prefix extends string = ''> = {
  [Name in keyof Tree & string]: Tree[Name] extends string
    ? WithoutPlural<`${Prefix}${Name}`>
    : Leaves<Tree[Name], `${Prefix}${Name}.`>
}[keyof Tree & string]

/** Every message's key, from the Ukrainian wording (the reference): a key that does not exist does not compile. */
export type MessageKey = Leaves<typeof UK_MESSAGES>

const KEY = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/

/** A message with its parameters, encoded as one string (see above). A parameter may be a message itself. */
export function msg(key: MessageKey, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${JSON.stringify(params)}` : key
}

export interface DecodedMessage {
  key: string
  params: MessageParams
}

/**
 * The key and parameters of an encoded message; null for any other text (a name, an address, a text stored before
 * messages had keys). Whether the key exists is for the translator to say.
 */
export function decodeMessage(text: string): DecodedMessage | null {
  const brace = text.indexOf('{')
  const key = brace === -1 ? text : text.slice(0, brace)
  if (!KEY.test(key)) return null
  if (brace === -1) return { key, params: {} }
  try {
    const params: unknown = JSON.parse(text.slice(brace))
    if (!params || typeof params !== 'object' || Array.isArray(params)) return null
    return { key, params: params as MessageParams }
  } catch {
    return null
  }
}

const LIST_KEY = 'common.list'

/** The parts of a message made by `msgList`, or the message itself as its only part. */
function partsOf(text: string): readonly string[] {
  const decoded = decodeMessage(text)
  const items = decoded?.key === LIST_KEY ? decoded.params.items : undefined
  return Array.isArray(items) ? items : [text]
}

/**
 * Several messages as one, to store where one text goes (a sync reason with a part per setting): rendered each in
 * the reader's language and joined with «; ». Lists given as parts are flattened. The encoded text stays within
 * `maxLength` characters: parts that do not fit are counted in a last «та ще N» part. Null when there is none.
 */
export function msgList(parts: readonly (string | null)[], maxLength: number): string | null {
  const all = parts.flatMap((part) => (part ? partsOf(part) : []))
  if (all.length <= 1) return all[0] ?? null
  const kept: string[] = []
  for (const [index, part] of all.entries()) {
    const left = all.length - index - 1
    const candidate = [...kept, part]
    const tail = left > 0 ? [msg('common.andMore', { count: left })] : []
    if (msg('common.list', { items: [...candidate, ...tail] }).length > maxLength) {
      return msg('common.list', {
        items: [...kept, msg('common.andMore', { count: all.length - kept.length })],
      })
    }
    kept.push(part)
  }
  return msg('common.list', { items: kept })
}
