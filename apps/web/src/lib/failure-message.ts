import { ApiRequestError } from './api-client'

interface FailureTexts {
  /** 'Ой, щось пішло не так!' */
  generic: string
  /** The server could not be reached. */
  network: string
}

/**
 * What a red toast says about a failed call: the server's own words when it refused the request
 * (e.g. 'Ця роль має користувачів.', a default record), otherwise the generic text.
 */
export function failureMessage(error: unknown, texts: FailureTexts): string {
  if (!(error instanceof ApiRequestError)) return texts.generic
  if (error.isNetworkError) return texts.network
  const detail = error.errors.find((entry) => entry.detail)?.detail
  const refused = error.status >= 400 && error.status < 500 && error.status !== 401
  return refused && detail ? detail : texts.generic
}
