import type { ReactNode } from 'react'

/** One column of a data table: its header, how a row fills it, and on a phone one line of the row's card. */
export interface Column<Row> {
  /** The sort key sent to the server when `sortable`. */
  key: string
  label: string
  sortable?: boolean
  render: (row: Row) => ReactNode
}
