import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@teplo/domain'

/**
 * The language an `Accept-Language` header prefers among ours: the highest-weighted range whose primary tag is
 * `uk` or `en` (`en-GB;q=0.8` counts as `en`); null when none is, or without the header.
 */
export function acceptedLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value) return null
  let best: { language: Language; weight: number } | null = null
  for (const part of value.split(',').slice(0, 32)) {
    const [range = '', ...params] = part.trim().split(';')
    const primary = range.trim().toLowerCase().split('-')[0]
    if (!isLanguage(primary)) continue
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean)
    const weight = q === undefined ? 1 : Number(q)
    if (weight > 0 && (!best || weight > best.weight)) best = { language: primary, weight }
  }
  return best?.language ?? null
}

/** The language an `Accept-Language` header prefers among ours; Ukrainian when none is, or without the header. */
export function preferredLanguage(header: string | string[] | undefined): Language {
  return acceptedLanguage(header) ?? DEFAULT_LANGUAGE
}
