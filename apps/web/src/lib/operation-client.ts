import { type Operation, type OperationAnswer, type OperationArgs, operationPath } from '@teplo/domain'
import { apiRequest } from './api-client'

type CallOptions = {
  signal?: AbortSignal | undefined
  /** Live device data: ask every cache on the way for a fresh answer. */
  noCache?: boolean
}

/** What a caller passes; an upload's body is the form itself (its parts as the declaration documents them). */
type CallArgs<O extends Operation> = O['bodyMediaType'] extends 'multipart/form-data'
  ? Omit<OperationArgs<O>, 'body'> & { body: FormData }
  : OperationArgs<O>

/**
 * Calls a declared operation (ADR 054): its method and path from the declaration, the path parameters filled
 * in, the query written as the wire spells it, and a flat body sent as the JSON:API document of the operation's
 * resource type (an upload's form goes as is, multipart). The answer is typed by the operation's response schema.
 */
export function call<O extends Operation>(
  operation: O,
  args: CallArgs<O>,
  options: CallOptions = {},
): Promise<OperationAnswer<O>> {
  const { params, query, body } = args as {
    params?: Record<string, unknown>
    query?: Record<string, string | number | undefined>
    body?: Record<string, unknown> | FormData
  }
  const id = params?.[operation.idParam ?? 'id']
  const document =
    body === undefined || body instanceof FormData || operation.type === undefined
      ? body
      : {
          data: {
            type: operation.type,
            ...(id !== undefined && operation.method !== 'POST' ? { id: String(id) } : {}),
            attributes: body,
          },
        }
  return apiRequest<OperationAnswer<O>>(operationPath(operation, params), {
    method: operation.method,
    ...(document !== undefined ? { body: document } : {}),
    ...(query ? { query } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.noCache ? { noCache: true } : {}),
    // A public operation (sign-in, register, password reset, an invitation's preview) goes without the
    // session's token: a refusal of it does not end the session.
    ...(operation.access.kind === 'public' ? { auth: false } : {}),
  })
}
