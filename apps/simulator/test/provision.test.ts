import { afterEach, describe, expect, it, vi } from 'vitest'
import { provisionDevices } from '../src/provision'

afterEach(() => {
  vi.unstubAllGlobals()
})

// Answers of the server as the provisioning flow meets them, by path.
function serverAnswers(broker: unknown) {
  const paths: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: { body?: string }) => {
      paths.push(url.pathname)
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })
      if (url.pathname.endsWith('/login')) return json({ access_token: 't' })
      if (url.pathname.endsWith('/categories')) return json({ data: [{ id: '1' }] })
      if (url.pathname.endsWith('/items'))
        return json({ data: { id: '9' }, meta: { verification_token: 'AB12' } })
      const serial = JSON.parse(init.body ?? '{}').serial_number as string
      return json({
        data: {
          type: 'device-credentials',
          id: serial,
          attributes: {
            username: serial,
            password: 'pw',
            topic_prefix: `teplo/v1/devices/${serial}`,
            broker,
          },
        },
      })
    }),
  )
  return paths
}

describe('provisionDevices', () => {
  it('connects where the credentials answer says the broker is', async () => {
    const paths = serverAnswers({
      url: 'mqtts://mqtt.example:8883',
      host: 'mqtt.example',
      port: 8883,
      tls: true,
    })
    const { logins, brokerUrl } = await provisionDevices({ api: 'http://server', count: 2 })
    expect(logins).toHaveLength(2)
    expect(logins[0]).toMatchObject({ password: 'pw' })
    expect(brokerUrl).toBe('mqtts://mqtt.example:8883')
    expect(paths.filter((path) => path.endsWith('/verify-token'))).toHaveLength(2)
  })

  it('leaves the broker to --url when an older server does not name it', async () => {
    serverAnswers(undefined)
    expect((await provisionDevices({ api: 'http://server', count: 1 })).brokerUrl).toBeUndefined()
  })
})
