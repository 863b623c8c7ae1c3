import type { z } from 'zod'
import { noContentSchema } from '../resources/document'
import { defineOperation, type OperationAccess } from './operation'
import { idParams, listQuerySchema } from './parameters'

type CatalogueSpec<
  Noun extends string,
  Nouns extends string,
  Body extends z.ZodObject,
  Doc extends z.ZodType,
  ListDoc extends z.ZodType,
> = {
  /** The JSON:API type and the path under /api/v2: `categories`. */
  type: string
  /** In operation ids: `Category`, `Categories`. */
  noun: Noun
  nouns: Nouns
  sorts: readonly [string, ...string[]]
  body: Body
  document: Doc
  listDocument: ListDoc
  read: OperationAccess
  write: OperationAccess
  summaries: { list: string; get: string; create: string; update: string; delete: string }
}

/**
 * The five operations of a catalogue the administrators keep (roles, tags, device types): a page of the list,
 * one, create, change, delete. One declaration each; the ids are `list<Nouns>`, `get<Noun>`, … .
 */
export function catalogueOperations<
  const Noun extends string,
  const Nouns extends string,
  Body extends z.ZodObject,
  Doc extends z.ZodType,
  ListDoc extends z.ZodType,
>(spec: CatalogueSpec<Noun, Nouns, Body, Doc, ListDoc>) {
  const { type, read, write, summaries } = spec
  const path = `/${type}`
  const one = `/${type}/{id}`
  return {
    list: defineOperation({
      id: `list${spec.nouns}`,
      method: 'GET',
      path,
      tag: type,
      summary: summaries.list,
      access: read,
      query: listQuerySchema(spec.sorts),
      status: 200,
      response: spec.listDocument,
    }),
    get: defineOperation({
      id: `get${spec.noun}`,
      method: 'GET',
      path: one,
      tag: type,
      summary: summaries.get,
      access: read,
      params: idParams,
      status: 200,
      response: spec.document,
    }),
    create: defineOperation({
      id: `create${spec.noun}`,
      method: 'POST',
      path,
      tag: type,
      summary: summaries.create,
      access: write,
      type,
      body: spec.body,
      status: 201,
      response: spec.document,
    }),
    update: defineOperation({
      id: `update${spec.noun}`,
      method: 'PATCH',
      path: one,
      tag: type,
      summary: summaries.update,
      access: write,
      type,
      params: idParams,
      body: spec.body.partial() as ReturnType<Body['partial']>,
      status: 200,
      response: spec.document,
    }),
    delete: defineOperation({
      id: `delete${spec.noun}`,
      method: 'DELETE',
      path: one,
      tag: type,
      summary: summaries.delete,
      access: write,
      params: idParams,
      status: 204,
      response: noContentSchema,
    }),
  }
}
