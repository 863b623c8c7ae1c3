import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type ConsumptionPeriod,
  type FuelSettingsPatch,
  type HopperRefill,
  historyOperations,
  type itemConsumptionDocumentSchema,
  type itemFuelDocumentSchema,
} from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { historyKeys } from './history-keys'

export type Consumption = z.infer<typeof itemConsumptionDocumentSchema>['data']['attributes']
export type Fuel = z.infer<typeof itemFuelDocumentSchema>['data']['attributes']

const DAY_MS = 86_400_000
/** How far back each grouping looks: a week of days, eight weeks, a year of months. */
export const CONSUMPTION_SPAN_MS: Record<ConsumptionPeriod, number> = {
  day: 7 * DAY_MS,
  week: 56 * DAY_MS,
  month: 365 * DAY_MS,
}

export async function getConsumption(
  itemId: string,
  period: ConsumptionPeriod,
  now: Date,
  signal?: AbortSignal,
) {
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  const from = new Date(to.getTime() - CONSUMPTION_SPAN_MS[period])
  const document = await call(
    historyOperations.getItemConsumption,
    { params: { id: itemId }, query: { from: from.toISOString(), to: to.toISOString(), period } },
    { signal },
  )
  return document.data.attributes
}

export function useConsumption(itemId: string, period: ConsumptionPeriod) {
  return useQuery({
    queryKey: historyKeys.consumption(itemId, '', '', period),
    queryFn: ({ signal }) => getConsumption(itemId, period, new Date(), signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

export async function getFuel(itemId: string, signal?: AbortSignal): Promise<Fuel> {
  const document = await call(historyOperations.getItemFuel, { params: { id: itemId } }, { signal })
  return document.data.attributes
}

export function useFuel(itemId: string) {
  return useQuery({ queryKey: historyKeys.fuel(itemId), queryFn: ({ signal }) => getFuel(itemId, signal) })
}

/** Writes the answer into the cache and re-reads the consumption, which the settings change. */
function useFuelMutation<Body>(itemId: string, send: (body: Body) => Promise<Fuel>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (fuel) => {
      queryClient.setQueryData(historyKeys.fuel(itemId), fuel)
      return queryClient.invalidateQueries({ queryKey: [...historyKeys.item(itemId), 'consumption'] })
    },
  })
}

export function useUpdateFuel(itemId: string) {
  return useFuelMutation(itemId, async (body: FuelSettingsPatch) => {
    const document = await call(historyOperations.updateItemFuel, { params: { id: itemId }, body })
    return document.data.attributes
  })
}

export function useRefillHopper(itemId: string) {
  return useFuelMutation(itemId, async (body: HopperRefill) => {
    const document = await call(historyOperations.recordHopperRefill, { params: { id: itemId }, body })
    return document.data.attributes
  })
}
