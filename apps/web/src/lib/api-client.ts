import type { ApiError } from '@teplo/domain'
import { groupErrorsByField, parseErrorDocument } from './api-errors'
import { clearToken, getToken } from './auth-token'
import { currentLanguage } from './i18n'
import { reportServerAnswer, reportServerFailure } from './server-reachability'

export const API_BASE = '/api/v2'
const JSON_API = 'application/vnd.api+json'

/** A failed call: `status` 0 means the server could not be reached. */
export class ApiRequestError extends Error {
  readonly status: number
  readonly errors: ApiError[]
  /** A 429's Retry-After: seconds until the server takes the call again; null when it did not say. */
  readonly retryAfterSeconds: number | null

  constructor(status: number, errors: ApiError[], message?: string, retryAfterSeconds: number | null = null) {
    super(message ?? errors[0]?.detail ?? `Request failed with status ${status}`)
    this.name = 'ApiRequestError'
    this.status = status
    this.errors = errors
    this.retryAfterSeconds = retryAfterSeconds
  }

  get isNetworkError() {
    return this.status === 0
  }

  /** Field messages of a 422 answer, first message per field. */
  get fieldErrors(): Record<string, string> {
    return this.status === 422 ? groupErrorsByField(this.errors) : {}
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | undefined>
  /** Login, register and password calls go without the bearer token (spec §6). */
  auth?: boolean
  /** For calls where 401 means "wrong password" rather than "session over" (auth/check-password). */
  keepTokenOn401?: boolean
  /** Live device data: ask every cache on the way for a fresh answer (spec §7 items calls). */
  noCache?: boolean
  signal?: AbortSignal
}

function buildUrl(path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value))
  }
  const search = params.toString()
  return `${API_BASE}/${path.replace(/^\//, '')}${search ? `?${search}` : ''}`
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The server refuses in the screen's language (ADR 032).
  const headers: Record<string, string> = { Accept: JSON_API, 'Accept-Language': currentLanguage() }
  // A FormData body (uploads) goes as multipart; fetch sets its content type with the boundary.
  const multipart = options.body instanceof FormData
  if (options.body !== undefined && !multipart) headers['Content-Type'] = JSON_API
  const token = options.auth === false ? null : getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.noCache) {
    headers['Cache-Control'] = 'no-cache'
    headers.Pragma = 'no-cache'
  }

  let response: Response
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined || multipart
          ? (options.body as FormData | undefined)
          : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.noCache ? { cache: 'no-store' as const } : {}),
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    reportServerFailure()
    throw new ApiRequestError(0, [], 'Network error')
  }
  // A proxy's answer for a server that is down, or a server that is stopping.
  if (response.status === 502 || response.status === 503 || response.status === 504) reportServerFailure()
  else reportServerAnswer()

  const body = await readBody(response)
  if (!response.ok) {
    // The server no longer accepts this token: the session is over.
    if (response.status === 401 && token && !options.keepTokenOn401) clearToken()
    const retryAfter = Number(response.headers.get('retry-after'))
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null
    throw new ApiRequestError(response.status, parseErrorDocument(body), undefined, retryAfterSeconds)
  }
  return body as T
}
