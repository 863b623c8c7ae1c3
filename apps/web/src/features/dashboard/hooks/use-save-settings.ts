import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/ui/toast-context'
import { ApiRequestError } from '../../../lib/api-client'
import { type SettingsChange, useUpdateDeviceSettings } from '../api/update-device-settings'

type Translate = TFunction

/** A toast that names the problem: the server's own words for a refused value, else what went wrong. */
export function saveErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetworkError) return t('errors.network')
    if (error.status === 404) return t('dashboard.notFound')
    const detail = error.errors.find((entry) => entry.detail)?.detail
    if (error.status === 422 && detail) return detail
  }
  return t('dashboard.saveFailed')
}

interface SaveCallbacks {
  onSaved?: () => void
  /** The toast's message and the 422 field messages (first per field), for a modal that stays open. */
  onFailed?: (message: string, fieldErrors: Record<string, string>) => void
}

/**
 * Saves one settings group and tells the user the outcome: green 'Дані оновлено!', a notice that the change
 * waits for a boiler that is not connected, or a red toast.
 */
export function useSaveSettings() {
  const { t } = useTranslation()
  const toast = useToast()
  const mutation = useUpdateDeviceSettings()
  const save = (change: SettingsChange, callbacks: SaveCallbacks = {}) =>
    mutation.mutate(change, {
      onSuccess: (device) => {
        // A boiler that is not connected gets the change when it connects: that is not "updated" yet.
        if (device.status === 'connecting' || device.status === 'pending')
          toast.info(t('settingsFeedback.waiting'))
        else toast.success(t('dashboard.saved'))
        callbacks.onSaved?.()
      },
      onError: (error) => {
        const message = saveErrorMessage(error, t)
        toast.error(message)
        callbacks.onFailed?.(message, error instanceof ApiRequestError ? error.fieldErrors : {})
      },
    })
  return { save, isPending: mutation.isPending }
}
