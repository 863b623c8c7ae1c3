import { type Operation, type OperationAnswer, type OperationArgs, operationPath } from '@teplo/domain'
import { apiRequest } from './api-client'

type CallOptions = {
  signal?: AbortSignal | undefined
  /** Live device data: ask every cache on the way for a fresh answer. */
  noCache?: boolean
  /** A 401 here is a refused password or link, not an ended session: the session's token stays. */
  keepTokenOn401?: boolean
}

type Identifier = { type: string; id: string }

/** The document's data: the flat body's members as attributes, those declared as relationships apart. */
function resourceObject(operation: Operation, id: unknown, body: Record<string, unknown>) {
  const attributes: Record<string, unknown> = { ...body }
  const relationships: Record<string, { data: Identifier | Identifier[] | null }> = {}
  for (const [member, type] of Object.entries(operation.relationships ?? {})) {
    const value = attributes[member]
    delete attributes[member]
    if (value === undefined) continue
    const identifier = (item: unknown): Identifier =>
      typeof item === 'object' && item !== null ? (item as Identifier) : { type, id: String(item) }
    if (Array.isArray(value)) relationships[member] = { data: value.map(identifier) }
    else relationships[member.replace(/_id$/, '')] = { data: value === null ? null : identifier(value) }
  }
  return {
    type: operation.type,
    ...(id !== undefined && operation.method !== 'POST' ? { id: String(id) } : {}),
    attributes,
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
  }
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
      : { data: resourceObject(operation, id, body) }
  return apiRequest<OperationAnswer<O>>(operationPath(operation, params), {
    method: operation.method,
    ...(document !== undefined ? { body: document } : {}),
    ...(query ? { query } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.noCache ? { noCache: true } : {}),
    ...(options.keepTokenOn401 ? { keepTokenOn401: true } : {}),
    // A public operation (sign-in, register, password reset, an invitation's preview) goes without the
    // session's token: a refusal of it does not end the session.
    ...(operation.access.kind === 'public' ? { auth: false } : {}),
  })
}
