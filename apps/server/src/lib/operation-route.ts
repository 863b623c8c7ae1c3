import { fastifyPath, type Operation, type OperationAccess } from '@teplo/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { z } from 'zod'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The JSON:API resource type the operation's body document carries (ADR 054). */
    resourceType?: string
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
      return app.authenticate
    case 'roles':
      return app.requireRole(...access.roles)
  }
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
): void {
  const check = accessCheck(app, operation.access)
  app.route({
    method: operation.method,
    url: fastifyPath(operation),
    schema: {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: { [operation.status]: operation.response },
    },
    ...(operation.type ? { config: { resourceType: operation.type } } : {}),
    ...(check ? { onRequest: check } : {}),
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
