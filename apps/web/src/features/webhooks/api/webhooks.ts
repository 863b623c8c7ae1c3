import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type WebhookCreatedDocument,
  type WebhookCreateInput,
  type WebhookDeliveryResource,
  type WebhookPatchInput,
  type WebhookResource,
  webhookOperations,
} from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const webhooksQueryKey = ['me', 'webhooks'] as const
const deliveriesKey = (id: string) => [...webhooksQueryKey, id, 'deliveries'] as const

export async function fetchWebhooks(): Promise<WebhookResource[]> {
  return (await call(webhookOperations.listWebhooks, {})).data
}

export function useWebhooks() {
  return useQuery({ queryKey: webhooksQueryKey, queryFn: fetchWebhooks })
}

/** The newest deliveries of one webhook (the first page), while its log is open. */
export function useWebhookDeliveries(id: string, open: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async (): Promise<WebhookDeliveryResource[]> =>
      (await call(webhookOperations.listWebhookDeliveries, { params: { id } })).data,
    enabled: open,
    refetchInterval: open ? 5000 : false,
  })
}

/** Answers the created webhook with its secret, which the server shows this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: WebhookCreateInput): Promise<WebhookCreatedDocument['data']> =>
      (await call(webhookOperations.createWebhook, { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  })
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookPatchInput }) =>
      call(webhookOperations.updateWebhook, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  })
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(webhookOperations.deleteWebhook, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  })
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(webhookOperations.sendWebhookTest, { params: { id } }),
    onSettled: (_answer, _error, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  })
}
