import { type ApiError as ApiErrorObject, msg } from '@teplo/domain'

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function errorObject(
  status: number,
  detail: string,
  source?: ApiErrorObject['source'],
): ApiErrorObject {
  return { status: String(status), title: titles[status] ?? 'Error', detail, ...(source ? { source } : {}) }
}

// Thrown by services and handlers; the error handler turns it into a JSON:API error document.
export class HttpError extends Error {
  readonly status: number
  readonly errors: ApiErrorObject[]
  /** Sent as the Retry-After header (a 429 or 503 that knows when to come back). */
  readonly retryAfterSeconds: number | undefined

  constructor(
    status: number,
    errors: ApiErrorObject[] | string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    const list = typeof errors === 'string' ? [errorObject(status, errors)] : errors
    super(list[0]?.detail ?? titles[status] ?? 'Error')
    this.status = status
    this.errors = list
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export const unauthorized = (detail = msg('server.common.signInRequired')) => new HttpError(401, detail)
export const forbidden = (detail = msg('server.common.forbidden')) => new HttpError(403, detail)
export const notFound = (detail = msg('server.common.notFound')) => new HttpError(404, detail)

/** A 429's detail: when to try again, in seconds below 90 and in minutes above (the Retry-After header says it too). */
export function tooManyAttempts(seconds: number): HttpError {
  const wait =
    seconds < 90
      ? msg('common.seconds', { count: seconds })
      : msg('common.minutes', { count: Math.ceil(seconds / 60) })
  return new HttpError(429, msg('server.common.tooManyAttempts', { wait }))
}

export function invalidField(field: string, detail: string): HttpError {
  return new HttpError(422, [errorObject(422, detail, { pointer: `/data/attributes/${field}` })])
}

export function invalidParameter(parameter: string, detail: string): HttpError {
  return new HttpError(400, [errorObject(400, detail, { parameter })])
}
