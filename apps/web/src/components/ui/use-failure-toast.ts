import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { failureMessage } from '../../lib/failure-message'
import { useToast } from './toast-context'

/** Shows a failed call as a red toast: the server's reason for a refusal, else the generic text. */
export function useFailureToast(): (error: unknown) => void {
  const { t } = useTranslation()
  const toast = useToast()
  return useCallback(
    (error: unknown) =>
      toast.error(failureMessage(error, { generic: t('errors.generic'), network: t('errors.network') })),
    [t, toast],
  )
}
