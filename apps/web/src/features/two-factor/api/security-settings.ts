import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SecuritySettingsDocument } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

const securitySettingsKey = ['security-settings'] as const

export const useSecuritySettings = () =>
  useQuery({
    queryKey: securitySettingsKey,
    queryFn: async () =>
      (await apiRequest<SecuritySettingsDocument>('security-settings')).data.attributes.require_two_factor,
  })

export function useRequireTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest<SecuritySettingsDocument>('security-settings', {
        method: 'PATCH',
        body: { require_two_factor: on },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securitySettingsKey }),
  })
}
