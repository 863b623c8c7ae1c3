// The list query's rules are declared with the operations in @teplo/domain (ADR 054).
export { cacheBustingQuery, listQuerySchema, pageQuery } from '@teplo/domain'

export type ListQuery = {
  'page[number]': number
  'page[size]': number
  sort: string
  'filter[name]'?: string | undefined
}

export function parseSort(sort: string): { column: string; descending: boolean } {
  return sort.startsWith('-')
    ? { column: sort.slice(1), descending: true }
    : { column: sort, descending: false }
}

export function pagination(query: ListQuery) {
  const size = query['page[size]']
  const number = query['page[number]']
  return { limit: size, offset: (number - 1) * size, number, size }
}

// meta.page and links in the shape the specification's tables read (laravel-json-api style).
export function pageMeta(
  total: number,
  query: ListQuery,
  path: string,
  rawQuery: Record<string, unknown> = {},
) {
  const { number, size } = pagination(query)
  const lastPage = Math.max(1, Math.ceil(total / size))
  const from = total === 0 ? 0 : Math.min(total, (number - 1) * size + 1)
  const to = total === 0 ? 0 : Math.min(total, number * size)
  const link = (page: number) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(rawQuery)) {
      if (value !== undefined && key !== 'page[number]') params.set(key, String(value))
    }
    params.set('page[number]', String(page))
    params.set('page[size]', String(size))
    return `${path}?${params.toString()}`
  }
  return {
    meta: { page: { currentPage: number, from, to, perPage: size, lastPage, total } },
    links: {
      first: link(1),
      ...(number > 1 ? { prev: link(Math.min(number - 1, lastPage)) } : {}),
      ...(number < lastPage ? { next: link(number + 1) } : {}),
      last: link(lastPage),
    },
  }
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}
