import { deviceClientId } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connectAsync } from 'mqtt'
import { publicBrokerUrl } from './external-broker.ts'

/**
 * Discards what an external broker keeps for a deleted device's client id (subscriptions, queued messages): the
 * server's account connects once with that client id and a clean start that expires at once. A new device
 * with the same serial then starts clean (session present 0, no queued empty desired message).
 */
export async function discardSession(url: string, serial: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const client = await connectAsync(url, {
      clientId: deviceClientId(serial),
      protocolVersion: 5,
      clean: true,
      properties: { sessionExpiryInterval: 0 },
      reconnectPeriod: 0,
      connectTimeout: 5000,
    })
    await client.endAsync()
  } catch (err) {
    log.warn(
      { err: (err as Error).message, serial, broker: publicBrokerUrl(url) },
      "device link: could not discard a deleted device's broker session",
    )
  }
}
