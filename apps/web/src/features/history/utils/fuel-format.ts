const numberFormat = (digits: number) => new Intl.NumberFormat('uk-UA', { maximumFractionDigits: digits })

/** 1234.5 → '1 234,5' (uk-UA groups thousands with a narrow space). */
export function formatAmount(value: number, digits = 1): string {
  return numberFormat(digits).format(value)
}

/** '12,5' or '12.5' → 12.5; empty → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.')
  if (trimmed === '') return null
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** Days of fuel left rounded down: "enough for about N days" must not promise more than there is. */
export function wholeDays(days: number): number {
  return Math.max(0, Math.floor(days))
}
