import { DEMO_ACCOUNTS, deviceCredentialsSchema } from '@teplo/domain'
import type { DeviceLogin } from './simulator'

export interface ProvisionOptions {
  /** Server base URL, e.g. http://localhost:3000 */
  api: string
  count: number
  /** An admin or creator account; defaults to the seeded demo creator. */
  email?: string
  password?: string
  log?: (line: string) => void
}

const demoCreator = DEMO_ACCOUNTS.find((account) => account.role === 'creator')

async function call(api: string, path: string, init: { method: string; token?: string; body?: unknown }) {
  for (;;) {
    const response = await fetch(new URL(`/api/v2/${path}`, api), {
      method: init.method,
      headers: {
        accept: 'application/vnd.api+json',
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    // Pairing is rate limited per client; wait as the server asks instead of failing.
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after')) || 5
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
      continue
    }
    const text = await response.text()
    if (!response.ok) throw new Error(`${init.method} ${path}: ${response.status} ${text.slice(0, 300)}`)
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
}

/**
 * Registers `count` new devices the way an installer and a controller would: create the item (pending, with a
 * pairing code), then prove the code from the controller side, which answers the link credentials.
 */
export async function provisionDevices(
  options: ProvisionOptions,
): Promise<{ logins: DeviceLogin[]; brokerUrl: string | undefined }> {
  const email = options.email ?? demoCreator?.email
  const password = options.password ?? demoCreator?.password
  const login = await call(options.api, 'login', { method: 'POST', body: { email, password } })
  const token = String(login.access_token)
  const categories = await call(options.api, 'categories?page[size]=1', { method: 'GET', token })
  const category = (categories.data as { id: string }[] | undefined)?.[0]
  if (!category) throw new Error('no category to register devices in')

  const base = 900_000_000 + Math.floor(Math.random() * 90_000_000)
  const logins: DeviceLogin[] = []
  let brokerUrl: string | undefined
  for (let i = 0; i < options.count; i++) {
    const serial = String(base + i)
    const created = await call(options.api, 'items', {
      method: 'POST',
      token,
      body: {
        name: `Симулятор ${serial}`,
        owner: 'Симулятор',
        serial_number: serial,
        category_id: category.id,
      },
    })
    const code = (created.meta as { verification_token?: string } | undefined)?.verification_token
    if (!code) throw new Error(`items: no verification_token for ${serial}`)
    const verified = await call(options.api, 'items/verify-token', {
      method: 'POST',
      body: { serial_number: serial, token: code },
    })
    const attributes = (verified.data as { attributes?: unknown } | undefined)?.attributes
    const credentials = deviceCredentialsSchema.parse(attributes)
    logins.push({ serial: credentials.username, password: credentials.password })
    // The answer says where the broker is (host, port, TLS): firmware is configured once.
    brokerUrl = credentials.broker?.url ?? brokerUrl
    options.log?.(`provisioned ${serial}`)
  }
  return { logins, brokerUrl }
}
