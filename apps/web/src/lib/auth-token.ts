import { useSyncExternalStore } from 'react'

export const ACCESS_TOKEN_KEY = 'access_token'

const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

export function getToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY)
}

export function setToken(token: string) {
  localStorage.setItem(ACCESS_TOKEN_KEY, token)
  notify()
}

export function clearToken() {
  if (getToken() === null) return
  localStorage.removeItem(ACCESS_TOKEN_KEY)
  notify()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab signing in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The current access token; components re-render when it is stored or cleared. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null)
}
