import type { BrokerLocation } from '@teplo/domain'

export type BrokerLocationOptions = {
  /** MQTT_PUBLIC_URL: where controllers reach the broker, when set. */
  publicUrl: string | undefined
  /** MQTT_URL: the external broker the server itself uses, when set. */
  externalUrl: string | undefined
  /** The port the embedded broker listens on (the bound one when MQTT_PORT is 0). */
  embeddedPort: number
  /** The embedded broker's mqtts:// port, when it has TLS (preferred over the plain port). */
  embeddedTlsPort?: number | undefined
  /** The host name the caller used to reach the API (the controller reaches the broker the same way). */
  requestHost: string
}

const TLS_SCHEMES = new Set(['mqtts:', 'tls:', 'ssl:'])

function fromUrl(text: string, requestHost: string): BrokerLocation {
  const url = new URL(text)
  const tls = TLS_SCHEMES.has(url.protocol)
  const port = url.port ? Number(url.port) : tls ? 8883 : 1883
  // A loopback or unspecified address means nothing to a controller elsewhere: it uses the API's host.
  const host = ['0.0.0.0', '::', '[::]'].includes(url.hostname)
    ? requestHost
    : url.hostname.replace(/^\[|\]$/g, '')
  return { url: `${tls ? 'mqtts' : 'mqtt'}://${hostPort(host, port)}`, host, port, tls }
}

// An IPv6 address goes in brackets in a URL.
const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`

/**
 * Where a controller connects, told in the credentials answer so firmware is configured once: MQTT_PUBLIC_URL
 * when set; else the external broker's host and port (MQTT_URL, without its credentials); else the embedded
 * broker's port on the host the controller used for the API, without TLS.
 */
export function brokerLocation(options: BrokerLocationOptions): BrokerLocation {
  const requestHost = options.requestHost.replace(/^\[|\]$/g, '')
  if (options.publicUrl) return fromUrl(options.publicUrl, requestHost)
  if (options.externalUrl && /^(mqtts?|tcp|tls|ssl):/.test(options.externalUrl)) {
    return fromUrl(options.externalUrl, requestHost)
  }
  if (options.embeddedTlsPort) {
    const port = options.embeddedTlsPort
    return { url: `mqtts://${hostPort(requestHost, port)}`, host: requestHost, port, tls: true }
  }
  const port = options.embeddedPort
  return { url: `mqtt://${hostPort(requestHost, port)}`, host: requestHost, port, tls: false }
}

/** The settings and the running device link a credentials answer is made from. */
export type BrokerSetup = {
  config: {
    mqttPublicUrl?: string | undefined
    mqttUrl?: string | undefined
    mqttPort: number
    mqttTls?: { port: number } | undefined
  }
  /** The running device link's transport (its bound ports), if any. */
  transport?: { address: string; tlsAddress?: string | undefined } | undefined
}

/** Where a controller that called the API at `requestHost` connects, for this server's settings. */
export function brokerLocationFor({ config, transport }: BrokerSetup, requestHost: string): BrokerLocation {
  const embedded = transport && !config.mqttUrl
  return brokerLocation({
    publicUrl: config.mqttPublicUrl,
    externalUrl: config.mqttUrl,
    embeddedPort: embedded ? Number(new URL(transport.address).port) : config.mqttPort,
    embeddedTlsPort:
      embedded && transport.tlsAddress ? Number(new URL(transport.tlsAddress).port) : config.mqttTls?.port,
    requestHost,
  })
}
