import { intlLocale } from './i18n'

const formatters = new Map<string, Intl.NumberFormat>()

/** A number in the current language: 1234.5 → '1 234,5' in Ukrainian, '1,234.5' in English. */
export function formatNumber(value: number, maximumFractionDigits = 1, locale = intlLocale()): string {
  const key = `${locale}/${maximumFractionDigits}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits })
    formatters.set(key, formatter)
  }
  return formatter.format(value)
}

/** A number as a person types it: '12,5', '12.5' or '1 200' → 12.5; empty → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.')
  if (trimmed === '') return null
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}
