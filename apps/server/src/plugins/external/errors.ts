import { type Language, msg, translateMessage } from '@teplo/domain'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { errorObject, HttpError } from '../../lib/api-error.ts'
import { isDatabaseUnavailable } from '../../lib/database-errors.ts'
import { JSON_API } from '../../lib/jsonapi.ts'
import { requestLanguage } from '../../lib/request-language.ts'
import { englishValidationMessages } from '../../lib/zod-validator.ts'

type ValidationItem = { instancePath: string; message?: string }

function validationErrors(error: FastifyError, language: Language): HttpError {
  const items = (error.validation ?? []) as ValidationItem[]
  // zod's own messages were written in Ukrainian; an English request has them written again in English.
  const english = language === 'en' ? englishValidationMessages(error.validation) : null
  const messageOf = (item: ValidationItem, index: number) => english?.[index] ?? item.message
  const context = error.validationContext
  if (context === 'body') {
    return new HttpError(
      422,
      items.map((item, index) =>
        errorObject(422, messageOf(item, index) ?? msg('server.errors.invalidValue'), {
          // A rule on the whole body (empty path) points at the attributes object itself.
          pointer: `/data/attributes${item.instancePath === '/' ? '' : item.instancePath}`,
        }),
      ),
    )
  }
  return new HttpError(
    400,
    items.map((item, index) => {
      const parameter = item.instancePath.replace(/^\//, '').split('/')[0] || String(context)
      return errorObject(400, messageOf(item, index) ?? msg('server.errors.invalidParameter'), { parameter })
    }),
  )
}

const DATABASE_UNAVAILABLE = msg('server.errors.databaseUnavailable')
/** Seconds a client should wait before retrying a request refused because the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

// Fastify's and its plugins' own refusals carry English messages (logged); the client reads Ukrainian.
const CLIENT_ERROR_DETAILS: Record<number, string> = {
  400: msg('server.errors.badRequest'),
  404: msg('server.common.notFound'),
  405: msg('server.errors.methodNotAllowed'),
  406: msg('server.errors.notAcceptable'),
  408: msg('server.errors.requestTimeout'),
  413: msg('server.errors.tooLarge'),
  414: msg('server.errors.uriTooLong'),
  415: msg('server.errors.unsupportedMediaType'),
  429: msg('server.errors.tooManyRequests'),
  431: msg('server.errors.headersTooLarge'),
}

// Every failure leaves as a JSON:API error document; a 500 never carries internals.
function toHttpError(error: FastifyError, language: Language): HttpError {
  if (error instanceof HttpError) return error
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) return validationErrors(error, language)
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, msg('server.errors.invalidJson'))
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, msg('server.errors.tooLarge'))
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, msg('server.errors.unsupportedMediaType'))
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpError(400, msg('server.errors.invalidJson'))
  }
  if (isDatabaseUnavailable(error)) return new HttpError(503, DATABASE_UNAVAILABLE)
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500)
    return new HttpError(status, CLIENT_ERROR_DETAILS[status] ?? msg('server.errors.refused'))
  return new HttpError(500, msg('server.errors.internal'))
}

/**
 * Writes the error document, each `detail` in the request's language (ADR 032): the Ukrainian wording is the
 * message id, and an English request gets it from the catalogue.
 */
export function sendErrorDocument(reply: FastifyReply, error: HttpError): FastifyReply {
  const language = requestLanguage(reply.request)
  const errors = error.errors.map((entry) => ({ ...entry, detail: translateMessage(entry.detail, language) }))
  // Added to what is there (CORS varies on Origin).
  const vary = reply.getHeader('vary')
  return reply
    .status(error.status)
    .type(JSON_API)
    .header('content-language', language)
    .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
    .send({ errors })
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpError = toHttpError(error, requestLanguage(request))
    if (httpError.status === 503) {
      // The database is down or restarting: one line, not a stack per request; the client retries.
      request.log.warn({ err: (error as Error).message }, 'request refused: database unavailable')
      reply.header('Retry-After', String(httpError.retryAfterSeconds ?? DATABASE_RETRY_AFTER_SECONDS))
    } else if (httpError.status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ status: httpError.status, code: error.code }, (error as Error).message)
    if (httpError.status !== 503 && httpError.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(httpError.retryAfterSeconds))
    return sendErrorDocument(reply, httpError)
  })
}

export default fp(errorsPlugin, { name: 'teplo-errors' })
