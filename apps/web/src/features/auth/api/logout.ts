import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { apiRequest } from '../../../lib/api-client'
import { clearToken } from '../../../lib/auth-token'

export function logout(): Promise<void> {
  return apiRequest<void>('logout', { method: 'POST' })
}

/** Signs out locally and goes to /login whatever the server answers (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken()
      queryClient.clear()
      navigate('/login', { replace: true })
    },
  })
}
