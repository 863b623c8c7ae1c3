import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { parseWireDate } from '../../../lib/dates'
import { itemQueryOptions } from '../../../lib/items/get-item'
import type { Device } from '../../../lib/items/item-document'
import type { Bucket, HistoryData, HistoryMetric, Stat } from '../utils/chart-data'

/**
 * The history with the readings that arrived since it was read. The dashboard's live stream writes each new
 * reading of the device into the query cache; while the range reaches "now", each one is appended as a point.
 */
export function useLiveAppend(
  itemId: string,
  data: HistoryData | undefined,
  live: boolean,
): HistoryData | undefined {
  // Only watches the cache: the dashboard reads the device and follows its stream.
  const { data: device } = useQuery({ ...itemQueryOptions(itemId), enabled: false })
  const [appended, setAppended] = useState<{ base: HistoryData; buckets: Bucket[] } | null>(null)

  useEffect(() => {
    if (!data || !live || !device) return
    const bucket = liveBucket(device)
    if (!bucket) return
    setAppended((current) => {
      const buckets = current?.base === data ? current.buckets : []
      const last =
        buckets[buckets.length - 1]?.time ?? data.buckets[data.buckets.length - 1]?.time ?? data.from
      return bucket.time > last ? { base: data, buckets: [...buckets, bucket] } : current
    })
  }, [data, live, device])

  if (!data || !live || appended?.base !== data || appended.buckets.length === 0) return data
  const newest = appended.buckets[appended.buckets.length - 1]!.time
  return { ...data, to: Math.max(data.to, newest), buckets: [...data.buckets, ...appended.buckets] }
}

const point = (value: number | null | undefined): Stat | null =>
  value == null ? null : { min: value, avg: value, max: value }

/** A device's current reading as a one-sample bucket; null when it has not reported. */
export function liveBucket(device: Device): Bucket | null {
  const seen = parseWireDate(device.last_seen_at)
  if (!seen || device.heater_temp == null) return null
  const values: Record<HistoryMetric, Stat | null> = {
    heater_temp: point(device.heater_temp),
    heater_temp_set: point(device.heater_temp_set),
    boiler_temp: point(device.boiler_temp),
    boiler_temp_set: point(device.boiler_temp_set),
    gas_temp: point(device.gas_temp),
    burner_power: point(device.burner_power),
    flame_brightness: point(device.flame_brightness),
  }
  return {
    time: seen.getTime(),
    samples: 1,
    values,
    workMode: device.work_mode,
    isOn: device.status === 'on',
  }
}
