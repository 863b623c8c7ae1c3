import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { useProfile } from './get-profile'

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useProfile(), { wrapper })
}

describe('useProfile', () => {
  it('ends the session when the profile cannot be loaded', async () => {
    setToken('session')
    stubFetch(() => new TypeError('Failed to fetch'))
    const { result } = renderProfile()
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(getToken()).toBeNull()
  })

  it('keeps the session when the load was cut off by leaving the page', async () => {
    setToken('session')
    stubFetch(() => new TypeError('Failed to fetch'))
    window.dispatchEvent(new Event('beforeunload'))
    const { result } = renderProfile()
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(getToken()).toBe('session')
  })
})
