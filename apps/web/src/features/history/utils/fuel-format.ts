import { formatNumber } from '../../../lib/numbers'

/** 1234.5 → '1 234,5' in Ukrainian (a narrow space groups thousands), '1,234.5' in English. */
export function formatAmount(value: number, digits = 1): string {
  return formatNumber(value, digits)
}

/** Days of fuel left rounded down: "enough for about N days" must not promise more than there is. */
export function wholeDays(days: number): number {
  return Math.max(0, Math.floor(days))
}
