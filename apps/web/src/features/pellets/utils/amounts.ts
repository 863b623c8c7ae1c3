/** '12,5' or '12.5' or '1 200' → 12.5; empty → null; anything else → NaN. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '').replace(',', '.')
  if (trimmed === '') return null
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** A number the form shows again for editing: no grouping, the decimal mark the reader types. */
export const editableAmount = (value: number | null) => (value === null ? '' : String(value))
