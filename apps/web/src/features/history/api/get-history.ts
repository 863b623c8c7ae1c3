import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { historyBucketsOf, historyOperations, type itemHistoryDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import type { HistoryData, HistoryEvent } from '../utils/chart-data'
import type { TimeRange } from '../utils/ranges'
import { historyKeys } from './history-keys'

type HistoryDocument = z.infer<typeof itemHistoryDocumentSchema>

/** How often a range is read again while the demo boiler's past is still being written. */
export const DEMO_FILLING_REFETCH_MS = 3000

const BUCKET_MS = { raw: 0, '1m': 60_000, '15m': 900_000, '1h': 3_600_000, '1d': 86_400_000 } as const

/** The wire document as the chart reads it: instants as milliseconds. */
export function historyFromDocument(document: HistoryDocument): HistoryData {
  const history = document.data.attributes
  return {
    from: Date.parse(history.from),
    to: Date.parse(history.to),
    bucketMs: BUCKET_MS[history.resolution],
    demo: history.demo,
    demoFilling: history.demo_filling,
    buckets: historyBucketsOf(history.series).map((bucket) => ({
      time: Date.parse(bucket.time),
      samples: bucket.samples,
      values: {
        heater_temp: bucket.heater_temp,
        heater_temp_set: bucket.heater_temp_set,
        boiler_temp: bucket.boiler_temp,
        boiler_temp_set: bucket.boiler_temp_set,
        gas_temp: bucket.gas_temp,
        burner_power: bucket.burner_power,
        flame_brightness: bucket.flame_brightness,
      },
      workMode: bucket.work_mode,
      isOn: bucket.is_on,
    })),
    gaps: history.gaps.map((gap) => ({ from: Date.parse(gap.from), to: Date.parse(gap.to) })),
    events: history.events.map(
      (event): HistoryEvent => ({
        time: Date.parse(event.time),
        kind: event.kind,
        code: event.code,
        settings: event.settings,
      }),
    ),
  }
}

export async function getHistory(
  itemId: string,
  range: TimeRange,
  signal?: AbortSignal,
): Promise<HistoryData> {
  const document = await call(
    historyOperations.getItemHistory,
    {
      params: { id: itemId },
      query: { from: range.from.toISOString(), to: range.to.toISOString(), resolution: 'auto' },
    },
    { signal },
  )
  return historyFromDocument(document)
}

/** The history of a range; nothing is read while there is none (a custom range not yet chosen). */
export function useHistory(itemId: string, range: TimeRange | null) {
  const from = range?.from.toISOString() ?? ''
  const to = range?.to.toISOString() ?? ''
  return useQuery({
    queryKey: historyKeys.range(itemId, from, to),
    queryFn: ({ signal }) => getHistory(itemId, range as TimeRange, signal),
    enabled: range !== null,
    // The previous range stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A demo boiler's past written after a first start fills the chart in as it comes.
    refetchInterval: (query) => (query.state.data?.demoFilling ? DEMO_FILLING_REFETCH_MS : false),
  })
}
