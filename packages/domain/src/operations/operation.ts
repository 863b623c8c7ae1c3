import type { z } from 'zod'
import type { ItemAbility } from '../access-levels'
import type { RoleName } from '../roles'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call an operation; the server checks it before it reads the body. */
export type OperationAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'roles'; readonly roles: readonly RoleName[] }
  /**
   * Signed in and allowed `ability` on the device in the path's `{id}` (ADR 018's levels): 404 to one who cannot
   * see it, 403 to one who may not act, before the body is read.
   */
  | { readonly kind: 'item'; readonly ability: ItemAbility }

export const PUBLIC: OperationAccess = { kind: 'public' }
export const SIGNED_IN: OperationAccess = { kind: 'signed-in' }
export const rolesOnly = (...roles: RoleName[]): OperationAccess => ({ kind: 'roles', roles })
export const itemAccess = (ability: ItemAbility): OperationAccess => ({ kind: 'item', ability })

type AnyObject = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/**
 * One API operation, declared once (ADR 054): the server registers its route from it (validation, answer,
 * access, OpenAPI with `id` as operationId), the web calls it through `call(operation, args)` typed from it.
 */
export type Operation = {
  /** The OpenAPI operationId: a verb and a noun, camelCase (`listCategories`). */
  readonly id: string
  readonly method: HttpMethod
  /** Under /api/v2, parameters in braces: `/categories/{id}`. */
  readonly path: string
  /** The OpenAPI tag (the group in the browsable docs). */
  readonly tag: string
  readonly summary: string
  /** A longer explanation for the browsable docs, where the summary cannot say it all. */
  readonly description?: string
  readonly access: OperationAccess
  /**
   * What a personal API token needs to call it (ADR 060): `read` or `control` (which includes read). Without it a
   * token is refused (403) whatever its scopes: the account, sharing, tokens and the like are the person's own.
   * A token also reaches only its devices (another answers 404) and acts with its owner's rights, never more.
   */
  readonly token?: 'read' | 'control'
  readonly params?: AnyObject
  readonly query?: AnyObject
  /** The flat request body (the server also takes it as a JSON:API document of `type`). */
  readonly body?: z.ZodType
  /** The JSON:API resource type of the body's document and of the answer's primary data. */
  readonly type?: string
  /**
   * The path parameter holding the id of the resource a body's document addresses (default `id`; a device's
   * own resource, `/items/{id}/fuel`, carries the device's id; a member, `/items/{id}/shares/{shareId}`, its own).
   */
  readonly idParam?: string
  /**
   * Flat body members sent as JSON:API relationships, with the related type: `category_id` → to-one
   * `category`, a list (`roles`) → to-many of its own name. The server flattens them back the same way.
   */
  readonly relationships?: Readonly<Record<string, string>>
  /** false: the operation answers plain JSON, not a JSON:API document (the token answers, the broker's hooks). */
  readonly jsonApi?: false
  /** The request body's media type when it is not a JSON (or JSON:API) document: an upload. */
  readonly bodyMediaType?: 'multipart/form-data'
  readonly status: 200 | 201 | 202 | 204
  readonly response: z.ZodType
  /**
   * Another success the operation may answer instead, with its own document (sharing with an unknown address
   * answers 202 and the invitation where a known one answers 201 and the share); its handler sends it itself.
   */
  readonly otherResponses?: Readonly<Partial<Record<200 | 201 | 202, z.ZodType>>>
}

/** Declares an operation, keeping its exact types for the server's handler and the web's client. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation
}

/**
 * What a caller passes: path parameters as the wire writes them, the query by its declared names (values
 * written as text; the server checks them), and the flat body.
 */
export type OperationArgs<O extends Operation> = (O['params'] extends z.ZodType
  ? { params: z.input<O['params']> }
  : { params?: undefined }) &
  (O['query'] extends z.ZodType
    ? { query?: Partial<Record<keyof z.input<O['query']>, string | number | undefined>> }
    : { query?: undefined }) &
  (O['body'] extends z.ZodType ? { body: z.input<O['body']> } : { body?: undefined })

/** What the operation answers (undefined for 204). */
export type OperationAnswer<O extends Operation> =
  | (O['status'] extends 204 ? undefined : z.output<O['response']>)
  | OtherAnswer<O['otherResponses']>

type OtherAnswer<R> =
  R extends Record<number, z.ZodType | undefined>
    ? { [S in keyof R]: R[S] extends z.ZodType ? z.output<R[S]> : never }[keyof R]
    : never

/** The operation's path with its parameters filled in (each encoded), relative to /api/v2. */
export function operationPath(operation: Operation, params: Record<string, unknown> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null)
      throw new Error(`${operation.id}: missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** The route Fastify registers for the operation (`/categories/:id`). */
export function fastifyPath(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, ':$1')
}
