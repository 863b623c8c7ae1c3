import { fastifyPath, type Operation, type OperationAccess } from '@teplo/domain'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteShorthandOptions,
} from 'fastify'
import type { z } from 'zod'
import { notFound } from './api-error.ts'
import { ITEM_NOT_FOUND, tokenReaches } from './api-token-grant.ts'
import { idParams } from './params.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The JSON:API resource type the operation's body document carries (ADR 054). */
    resourceType?: string
    /** The path parameter naming the resource that document addresses (default `id`). */
    resourceIdParam?: string
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown

/** The request an operation's handler gets: its parameters, query and body as the schemas output them. */
export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: Output<O['params']>
  Querystring: Output<O['query']>
  Body: Output<O['body']>
}>

/**
 * An operation's handler: returns the answer (sent with the operation's status; nothing for 204), or sends
 * one itself (a header to add, a stream).
 */
export type OperationHandler<O extends Operation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<(O['status'] extends 204 ? undefined : z.input<O['response']>) | FastifyReply>

function accessCheck(app: FastifyInstance, access: OperationAccess): onRequestHookHandler | undefined {
  switch (access.kind) {
    case 'public':
      return undefined
    case 'signed-in':
    case 'item':
      return app.authenticate
    case 'roles':
      return app.requireRole(...access.roles)
  }
}

/**
 * What a route adds to its declaration, for what the declaration does not say: a rate limit (`config`), the
 * recent re-authentication or a body-dependent device ability (`preValidation`, after the declared access),
 * a larger body (`bodyLimit`).
 */
export type OperationRouteOptions = Pick<RouteShorthandOptions, 'preHandler' | 'bodyLimit'> & {
  /** Only for a public operation: an optional sign-in (the declared access sets it otherwise). */
  onRequest?: onRequestHookHandler
  preValidation?: preValidationHookHandler | preValidationHookHandler[]
  config?: RouteShorthandOptions['config']
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

/**
 * A personal API token limited to some devices reaches no other (ADR 060): a device's route (`/items/{id}…`)
 * answers 404 for one outside its list, as for a device the caller cannot see, before anything else is read.
 */
async function tokenItemGuard(request: FastifyRequest): Promise<void> {
  const grant = request.auth?.apiToken
  if (!grant?.items) return
  const params = idParams.safeParse({ id: (request.params as { id?: unknown }).id })
  if (params.success && !tokenReaches(grant, params.data.id)) throw notFound(ITEM_NOT_FOUND)
}

/**
 * Registers the route of a declared operation (ADR 054): its path, its schemas (validation, the answer's
 * serialisation, OpenAPI with the operation's id), the access check before the body is read, and its resource
 * type for the JSON:API plugin. Called inside the /api/v2 prefix.
 */
export function addOperation<O extends Operation>(
  app: FastifyInstance,
  operation: O,
  handler: OperationHandler<O>,
  options: OperationRouteOptions = {},
): void {
  const check = accessCheck(app, operation.access)
  const { preValidation, config, ...rest } = options
  // The device ability first, then what the route adds (a recent password, an ability read from the body).
  const validations = [
    ...(operation.token && operation.path.startsWith('/items/{id}') ? [tokenItemGuard] : []),
    ...(operation.access.kind === 'item' ? [app.requireItemAccess(operation.access.ability)] : []),
    ...asList(preValidation),
  ]
  app.route({
    method: operation.method,
    url: fastifyPath(operation),
    schema: {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      // Which personal API tokens may call it (ADR 060); none without the member.
      ...(operation.token ? { 'x-token-scope': operation.token } : {}),
      // No session to present: the document lists no bearer scheme (nor 401/403) for it.
      ...(operation.access.kind === 'public' ? { security: [] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      // An upload's parts are read by its handler; the document describes them (openapi-document.ts).
      ...(operation.body && operation.bodyMediaType === 'multipart/form-data'
        ? { consumes: [operation.bodyMediaType], multipartBody: operation.body }
        : operation.body
          ? { body: operation.body }
          : {}),
      response: { ...operation.otherResponses, [operation.status]: operation.response },
    },
    config: {
      ...config,
      ...(operation.type ? { resourceType: operation.type } : {}),
      ...(operation.idParam ? { resourceIdParam: operation.idParam } : {}),
      ...(operation.jsonApi === false ? { jsonApi: false } : {}),
      ...(operation.token ? { apiTokenScope: operation.token } : {}),
    },
    ...rest,
    ...(check ? { onRequest: check } : {}),
    ...(validations.length > 0 ? { preValidation: validations } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await handler(request as OperationRequest<O>, reply)
      if (answer === reply || reply.sent) return reply
      reply.status(operation.status)
      return operation.status === 204 ? reply.send(null) : answer
    },
  })
}

/** The five operations of an administrators' catalogue (`catalogueOperations` in the domain). */
type CatalogueOps = {
  list: Operation
  get: Operation
  create: Operation
  update: Operation
  delete: Operation
}

/** What a catalogue's module does for each of its operations. */
export type CatalogueHandlers<O extends CatalogueOps> = {
  list: (query: Output<O['list']['query']>, rawQuery: Record<string, unknown>) => Promise<unknown>
  get: (id: number) => Promise<unknown>
  create: (body: Output<O['create']['body']>) => Promise<unknown>
  update: (id: number, body: Output<O['update']['body']>) => Promise<unknown>
  remove: (id: number) => Promise<void>
}

/** Registers a catalogue's five operations with its module's handlers (roles, tags, device types). */
export function addCatalogueOperations<O extends CatalogueOps>(
  app: FastifyInstance,
  ops: O,
  handlers: CatalogueHandlers<O>,
): void {
  const id = (request: FastifyRequest) => (request.params as { id: number }).id
  addOperation(app, ops.list, async (request) =>
    handlers.list(request.query as Output<O['list']['query']>, request.query as Record<string, unknown>),
  )
  addOperation(app, ops.get, async (request) => handlers.get(id(request)))
  addOperation(app, ops.create, async (request) =>
    handlers.create(request.body as Output<O['create']['body']>),
  )
  addOperation(app, ops.update, async (request) =>
    handlers.update(id(request), request.body as Output<O['update']['body']>),
  )
  addOperation(app, ops.delete, async (request) => {
    await handlers.remove(id(request))
    return undefined
  })
}
