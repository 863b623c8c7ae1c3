/** A number the form shows again for editing: no grouping, the decimal mark the reader types. */
export const editableAmount = (value: number | null) => (value === null ? '' : String(value))
