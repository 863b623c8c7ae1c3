export { firmwareVersion as firmwareVersionSchema, MAX_FIRMWARE_VERSION_LENGTH } from './wire-fields'

/** The numbers of a version (1.4.2 → [1, 4, 2]) and its label after a hyphen, if any. */
function partsOf(version: string): { numbers: number[]; label: string | null } {
  const hyphen = version.indexOf('-')
  const core = hyphen < 0 ? version : version.slice(0, hyphen)
  return { numbers: core.split('.').map(Number), label: hyphen < 0 ? null : version.slice(hyphen + 1) }
}

/**
 * Orders firmware versions: by their numbers (1.10 after 1.9, 1.4 equal to 1.4.0), and a labelled version
 * (1.5.0-rc1) before the same numbers without a label. Negative, 0 or positive like Array#sort wants.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const left = partsOf(a)
  const right = partsOf(b)
  const length = Math.max(left.numbers.length, right.numbers.length)
  for (let i = 0; i < length; i++) {
    const difference = (left.numbers[i] ?? 0) - (right.numbers[i] ?? 0)
    if (difference !== 0) return difference
  }
  if (left.label === right.label) return 0
  if (left.label === null) return 1
  if (right.label === null) return -1
  return left.label < right.label ? -1 : 1
}
