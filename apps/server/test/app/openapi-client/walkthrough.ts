// A third party's walkthrough of the API through a client generated from the OpenAPI document alone
// (openapi-typescript + openapi-fetch): bodies as JSON:API documents, answers typed, no casts. The test
// `openapi-client.test.ts` generates `generated/teplo-api.ts`, type-checks this file against it and runs it
// against the server.
import type { Client } from 'openapi-fetch'
import type { paths } from './generated/teplo-api.ts'

export type TeploClient = Client<paths, 'application/vnd.api+json' | 'application/json'>

export type Walked = {
  me: string
  categories: number
  created: string
  renamed: string
  deletedStatus: number
  devices: number
  device: string
  refusal: string
}

export async function walkthrough(
  client: TeploClient,
  account: { email: string; password: string },
): Promise<Walked> {
  const login = await client.POST('/api/v2/login', {
    body: { email: account.email, password: account.password, remember: false },
  })
  if (!login.data || !('access_token' in login.data)) throw new Error('sign-in refused')
  const auth = { headers: { Authorization: `Bearer ${login.data.access_token}` } }

  const me = await client.GET('/api/v2/me', auth)
  const categories = await client.GET('/api/v2/categories', {
    ...auth,
    params: { query: { sort: '-name', 'page[size]': '10' } },
  })
  const created = await client.POST('/api/v2/categories', {
    ...auth,
    body: {
      data: {
        type: 'categories',
        attributes: { name: 'Walkthrough', description: 'From a generated client' },
      },
    },
  })
  const id = created.data?.data.id ?? ''
  const renamed = await client.PATCH('/api/v2/categories/{id}', {
    ...auth,
    params: { path: { id } },
    body: { data: { type: 'categories', id, attributes: { name: 'Walkthrough, renamed' } } },
  })
  const deleted = await client.DELETE('/api/v2/categories/{id}', { ...auth, params: { path: { id } } })
  const devices = await client.GET('/api/v2/items', auth)
  const first = devices.data?.data[0]?.id ?? ''
  const device = await client.GET('/api/v2/items/{id}', { ...auth, params: { path: { id: first } } })
  const refused = await client.POST('/api/v2/categories', {
    ...auth,
    body: { data: { type: 'categories', attributes: { name: '' } } },
  })
  return {
    me: me.data?.data.attributes.email ?? '',
    categories: categories.data?.data.length ?? -1,
    created: created.data?.data.attributes.name ?? '',
    renamed: renamed.data?.data.attributes.name ?? '',
    deletedStatus: deleted.response.status,
    devices: devices.data?.data.length ?? -1,
    device: device.data?.data.attributes.name ?? '',
    refusal: refused.error?.errors[0]?.source?.pointer ?? '',
  }
}
