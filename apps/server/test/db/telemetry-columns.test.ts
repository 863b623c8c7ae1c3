import { telemetryMessageSchema } from '@teplo/domain'
import { getTableColumns } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items, telemetry } from '../../src/db/schema.ts'
import { TELEMETRY_COLUMNS } from '../../src/db/telemetry-columns.ts'

const columnNames = (table: typeof items | typeof telemetry) =>
  Object.values(getTableColumns(table)).map((column) => column.name)

describe('the history columns, declared once', () => {
  it('make the telemetry table, besides its key and interval', () => {
    expect(columnNames(telemetry)).toEqual([
      'item_id',
      'recorded_at',
      ...TELEMETRY_COLUMNS.map((column) => column.name),
      'interval_s',
    ])
  })

  it('take each reading from a field of the telemetry message, and each live one into a column of the item', () => {
    const fields = Object.keys(telemetryMessageSchema.shape)
    const readings = TELEMETRY_COLUMNS.filter((column) => column.source === 'reading')
    expect(readings.map((column) => column.name).filter((name) => !fields.includes(name))).toEqual([])
    const live = TELEMETRY_COLUMNS.filter((column) => 'live' in column && column.live)
    expect(live.map((column) => column.name).filter((name) => !columnNames(items).includes(name))).toEqual([])
    // The item's pump_mode is the owner's setting: the reported mode is history, never written over it.
    expect(live.map((column) => column.name)).not.toContain('pump_mode')
  })
})
