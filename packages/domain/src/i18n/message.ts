import type { UK_MESSAGES } from './locales/uk'

/**
 * A message is a key and its parameters (ADR 055): `msg('server.common.notFound')`,
 * `msg('validation.maxLength', { max: 100 })`. The services, the domain's rules and the stored texts carry it
 * encoded as one string — the key, then its parameters as JSON (`validation.maxLength{"max":100}`) — so it
 * fits wherever a text went before (a zod message, an error's `detail`, a column a person reads later) and is
 * rendered in the reader's language at the edge (`translateMessage`).
 */
export type MessageParams = Readonly<Record<string, string | number>>

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
