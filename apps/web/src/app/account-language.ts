import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { Language } from '@teplo/domain'
import { useEffect } from 'react'
import { type Profile, profileQueryKey } from '../features/auth/api/get-profile'
import { currentLanguage, setLanguage } from '../lib/i18n'

/**
 * The signed-in account's language wins over the one this browser chose before signing in: once the profile is
 * in (and whenever it says another language, e.g. changed on another device), the screens follow it.
 */
export function useAccountLanguage(profile: Profile | undefined) {
  const language = profile?.language
  useEffect(() => {
    if (language && language !== currentLanguage()) void setLanguage(language).catch(() => undefined)
  }, [language])
}

/** After a PATCH, the profile held here says the stored language, so the account's language is not re-applied. */
export function rememberAccountLanguage(queryClient: QueryClient, language: Language) {
  queryClient.setQueryData<Profile>(profileQueryKey, (profile) => profile && { ...profile, language })
}

export function useRememberAccountLanguage() {
  const queryClient = useQueryClient()
  return (language: Language) => rememberAccountLanguage(queryClient, language)
}
