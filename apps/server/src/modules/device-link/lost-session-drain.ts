import type { FastifyBaseLogger } from 'fastify'
import { connect, type IConnackPacket, type IDisconnectPacket } from 'mqtt'
import type { MessageSink } from './device-transport.ts'
import { holdAcks, SERVER_RECEIVE_MAXIMUM } from './external-broker.ts'
import { LINK_CHECK_TOPIC } from './link-check.ts'

/** How a drain ended. */
export type DrainResult =
  /** Everything queued was written and acknowledged; the session is gone from the broker. */
  | 'ended'
  /** The lease was lost (the owner wrote its heartbeat again): the session was left to its owner. */
  | 'owner-back'
  /** Another connection took the session (MQTT 5 reason 0x8E): its owner, or another survivor, uses it. */
  | 'taken'
  /**
   * The connection closed while draining, no reason given (Mosquitto 2.0 closes a connection whose session
   * another one takes without a DISCONNECT): taken, or the broker went away. The session is left as it was.
   */
  | 'closed'
  /** No connection to the broker: the session is left as it was, for a later attempt. */
  | 'connection-lost'
  /** This instance is stopping: the session is left as it was. */
  | 'stopped'

export type DrainOutcome = { result: DrainResult; messages: number; sessionPresent: boolean }

export type DrainOptions = {
  url: string
  /** The lost instance's client id: its persistent session. */
  clientId: string
  /** The server instances' shared subscriptions (the lost session's). */
  filters: string[]
  /** Kept while draining, so that a drain cut short leaves the session (and its messages) behind. */
  sessionExpirySeconds: number
  onMessage: MessageSink
  log: FastifyBaseLogger
  /** Whether the lease is still this instance's (asked every `leaseCheckMs`); a failing check counts as yes. */
  stillOurs: () => Promise<boolean>
  signal: AbortSignal
  /** No message for this long, everything written: the queue is empty. */
  quietMs?: number
  leaseCheckMs?: number
}

const SESSION_TAKEN_OVER = 0x8e
const STEP_MS = 100
const END_WAIT_MS = 5000
const UNSUBSCRIBE_WAIT_MS = 10_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Takes over a lost instance's broker session and writes what the broker queued for it (ADR 043): connects with
 * its client id and clean start off, unsubscribes its shared subscriptions at once (Mosquitto deals nothing more
 * to it, and still delivers what it had queued), hands every message to the normal ingest with its PUBACK held
 * until written, and when nothing has come for `quietMs` with everything written, disconnects with session
 * expiry 0: the broker forgets the session. It never reconnects: a connection taken from it means the session
 * is in use, and fighting for it would throw its owner off again and again.
 */
export async function drainLostSession(options: DrainOptions): Promise<DrainOutcome> {
  const quietMs = options.quietMs ?? 1500
  const leaseCheckMs = options.leaseCheckMs ?? 1000
  let messages = 0
  let pending = 0
  let lastAt = Date.now()
  let closed = false
  let taken = false
  let onClosed: () => void = () => {}
  const closedNow = new Promise<void>((resolve) => {
    onClosed = resolve
  })
  const client = connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: false,
    properties: {
      sessionExpiryInterval: options.sessionExpirySeconds,
      receiveMaximum: SERVER_RECEIVE_MAXIMUM,
    },
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    resubscribe: false,
    customHandleAcks: (topic, payload, packet, done) => {
      lastAt = Date.now()
      // A canary queued for the lost instance: not a device message.
      if (topic === LINK_CHECK_TOPIC) {
        done(0)
        return
      }
      messages += 1
      pending += 1
      const ack = acks.take(packet)
      let settled = false
      options.onMessage({ topic, payload }, () => {
        if (settled) return
        settled = true
        pending -= 1
        lastAt = Date.now()
        ack()
      })
      done(0)
    },
  })
  const acks = holdAcks(client)
  let lastError = 'closed'
  client.on('error', (err) => {
    lastError = err.message
  })
  client.on('disconnect', (packet: IDisconnectPacket) => {
    if (packet.reasonCode === SESSION_TAKEN_OVER) taken = true
  })
  client.on('close', () => {
    closed = true
    onClosed()
  })
  const outcome = (result: DrainResult, sessionPresent: boolean): DrainOutcome => ({
    result,
    messages,
    sessionPresent,
  })
  /** Leaves the connection; `endSession` also ends the session at the broker (expiry 0). */
  const leave = async (endSession: boolean) => {
    if (closed) return
    const ended = client.endAsync(
      false,
      endSession ? { reasonCode: 0, properties: { sessionExpiryInterval: 0 } } : { reasonCode: 0 },
    )
    const timer = setTimeout(() => client.end(true), END_WAIT_MS)
    await ended.catch(() => {})
    clearTimeout(timer)
  }

  // A stop while connecting does not wait for the connect timeout.
  const abort = () => client.end(true)
  options.signal.addEventListener('abort', abort, { once: true })
  const connack = await new Promise<IConnackPacket | null>((resolve) => {
    client.once('connect', resolve)
    client.once('close', () => resolve(null))
  })
  options.signal.removeEventListener('abort', abort)
  if (!connack) {
    client.end(true)
    if (options.signal.aborted) return outcome('stopped', false)
    options.log.warn(
      { clientId: options.clientId, err: lastError },
      'device link: could not connect to take over a lost session',
    )
    return outcome('connection-lost', false)
  }
  const sessionPresent = Boolean(connack.sessionPresent)
  if (!sessionPresent) {
    // Nothing was kept for it (expired, or already ended): the session just made goes at once.
    await leave(true)
    return outcome('ended', false)
  }
  // Its shared subscriptions go first: the broker stops dealing it a share, and still sends what it queued.
  // A broker that stops answering (paused) keeps the session; the drain is tried again later.
  const unsubscribed = await Promise.race([
    client.unsubscribeAsync(options.filters).then(
      () => true,
      () => false,
    ),
    closedNow.then(() => false),
    sleep(UNSUBSCRIBE_WAIT_MS).then(() => false),
  ])
  if (!unsubscribed) {
    if (closed) return outcome(taken ? 'taken' : 'closed', true)
    client.end(true)
    return outcome('connection-lost', true)
  }

  let checkedAt = Date.now()
  for (;;) {
    await sleep(STEP_MS)
    if (closed) return outcome(taken ? 'taken' : 'closed', true)
    if (options.signal.aborted) {
      await leave(false)
      return outcome('stopped', true)
    }
    if (Date.now() - checkedAt >= leaseCheckMs) {
      checkedAt = Date.now()
      if (!(await options.stillOurs().catch(() => true))) {
        await leave(false)
        return outcome('owner-back', true)
      }
    }
    if (pending === 0 && Date.now() - lastAt >= quietMs) break
  }
  await leave(true)
  return outcome(closed && taken ? 'taken' : 'ended', true)
}
