/** JSON:API envelope of /api/v2 (see the API design notes). */
export interface ResourceIdentifier<Type extends string = string> {
  type: Type
  id: string
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null
  links?: Record<string, string>
}

export interface Resource<T, Type extends string = string> {
  type: Type
  id: string
  attributes: T
  relationships?: Record<string, Relationship>
  links?: { self?: string }
}

export interface Document<R, Meta = Record<string, unknown>> {
  data: R
  included?: Resource<unknown>[]
  meta?: Meta
  links?: Record<string, string | null>
}

export interface PageMeta {
  currentPage: number
  from: number | null
  to: number | null
  perPage: number
  lastPage: number
  total: number
}

export interface ListMeta {
  page: PageMeta
}

export interface ListDocument<R> extends Document<R[], ListMeta> {
  meta: ListMeta
}

export interface ApiError {
  status: string
  title: string
  detail: string
  source?: { pointer?: string; parameter?: string }
}

export interface ErrorDocument {
  errors: ApiError[]
}
