import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { twoFactorOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

const securitySettingsKey = ['security-settings'] as const

export const useSecuritySettings = () =>
  useQuery({
    queryKey: securitySettingsKey,
    queryFn: async () =>
      (await call(twoFactorOperations.getSecuritySettings, {})).data.attributes.require_two_factor,
  })

export function useRequireTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) =>
      call(twoFactorOperations.updateSecuritySettings, { body: { require_two_factor: on } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securitySettingsKey }),
  })
}
