import { randomBytes } from 'node:crypto'
import { DEVICE_PUBLISH_CHANNELS, DEVICE_SUBSCRIBE_CHANNELS, deviceClientId, topicFor } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type MqttClient } from 'mqtt'
import { StartupError } from '../../config.ts'
import type { DeviceAccess } from './device-access.ts'
import { firstConnect, publicBrokerUrl } from './external-broker.ts'

/** Mosquitto's dynamic security plugin takes commands here and answers on …/response. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1'
const RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`
const ANSWER_WITHIN_MS = 5000
// Background changes (archive, delete) are tried again while the broker is away: 2 s, 4 s … 60 s, for ~15 min.
const RETRIES = 20

type Command = { command: string; [field: string]: unknown }
type Response = { command: string; error?: string; data?: unknown; correlationData?: string }

/** The role of one device: its own topics, exactly as deviceMayPublish / deviceMaySubscribe allow them. */
export const deviceRoleName = (serial: string) => `teplo-device-${serial}`

export function deviceRoleAcls(serial: string) {
  return [
    ...DEVICE_PUBLISH_CHANNELS.map((channel) => ({
      acltype: 'publishClientSend',
      topic: topicFor(serial, channel),
      allow: true,
    })),
    ...DEVICE_SUBSCRIBE_CHANNELS.flatMap((channel) => [
      { acltype: 'subscribeLiteral', topic: topicFor(serial, channel), allow: true },
      { acltype: 'publishClientReceive', topic: topicFor(serial, channel), allow: true },
    ]),
  ]
}

// Answers that mean "already so" for a removal: the device had no client or role yet.
const ABSENT = /not found/i

export type DynamicSecurityOptions = { url: string; log: FastifyBaseLogger; retryForMs: number }

/**
 * The server's side of Mosquitto's dynamic security: one client per device (user name = serial, the issued
 * secret, client id teplo-<serial>) with a role of its own topics, created when the device pairs, re-created
 * when it pairs again (the old connection closes), disabled while archived, removed when deleted. Commands go
 * through the server's own account (static in the broker's dynsec file, see docs/operations.md).
 */
export class DynamicSecurity implements DeviceAccess {
  private readonly waiting = new Map<string, (responses: Response[]) => void>()
  private readonly pauses = new Map<NodeJS.Timeout, () => void>()
  private closed = false

  private constructor(
    private readonly client: MqttClient,
    private readonly options: DynamicSecurityOptions,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== RESPONSE_TOPIC) return
      try {
        const { responses } = JSON.parse(payload.toString('utf8')) as { responses?: Response[] }
        const id = responses?.[0]?.correlationData
        if (!id) return
        this.waiting.get(id)?.(responses)
      } catch {
        // Not an answer of ours.
      }
    })
  }

  static async connect(options: DynamicSecurityOptions): Promise<DynamicSecurity> {
    const client = connect(options.url, {
      clientId: `teplo-server-dynsec-${randomBytes(6).toString('hex')}`,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    })
    client.on('error', (err) =>
      options.log.error({ err: err.message }, 'device link: dynamic security connection error'),
    )
    const broker = publicBrokerUrl(options.url)
    try {
      await firstConnect(client, options.url, options.retryForMs, options.log)
      const [grant] = await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 }).catch((err: Error) => {
        throw new StartupError(
          `The MQTT broker at ${broker} refused the dynamic security answers (${err.message}): give the ` +
            "server's account the dynsec admin rights (docs/operations.md).",
        )
      })
      if (!grant || grant.qos > 2) {
        throw new StartupError(
          `The MQTT broker at ${broker} refused a subscription to ${RESPONSE_TOPIC}: give the server's ` +
            'account the dynsec admin rights (docs/operations.md).',
        )
      }
      const access = new DynamicSecurity(client, options)
      // Proves the plugin is loaded and the account may use it, so a wrong setup fails at start.
      await access.run([{ command: 'getDefaultACLAccess' }]).catch((err: Error) => {
        throw new StartupError(
          `The MQTT broker at ${broker} does not answer dynamic security commands (${err.message}). Load ` +
            "mosquitto_dynamic_security.so and give the server's account the dynsec admin role " +
            '(docs/operations.md), or unset MQTT_DYNAMIC_SECURITY.',
        )
      })
      return access
    } catch (err) {
      await client.endAsync(true)
      throw err
    }
  }

  async grant(serial: string, secret: string): Promise<void> {
    const rolename = deviceRoleName(serial)
    await this.run(
      [
        // Starting over closes a connection made with the previous secret at once.
        { command: 'deleteClient', username: serial },
        { command: 'deleteRole', rolename },
        { command: 'createRole', rolename, textname: `Teplo device ${serial}` },
        ...deviceRoleAcls(serial).map((acl) => ({ command: 'addRoleACL', rolename, ...acl })),
        {
          command: 'createClient',
          username: serial,
          password: secret,
          clientid: deviceClientId(serial),
          textname: `Teplo device ${serial}`,
        },
        { command: 'addClientRole', username: serial, rolename, priority: 0 },
      ],
      ['deleteClient', 'deleteRole'],
    )
  }

  suspend(serial: string): Promise<void> {
    return this.background(
      `suspend ${serial}`,
      [{ command: 'disableClient', username: serial }],
      ['disableClient'],
    )
  }

  resume(serial: string): Promise<void> {
    return this.background(`resume ${serial}`, [{ command: 'enableClient', username: serial }], [])
  }

  remove(serial: string): Promise<void> {
    return this.background(
      `remove ${serial}`,
      [
        { command: 'deleteClient', username: serial },
        { command: 'deleteRole', rolename: deviceRoleName(serial) },
      ],
      ['deleteClient', 'deleteRole'],
    )
  }

  async close(): Promise<void> {
    this.closed = true
    // Changes still waiting to be tried again end now (logged as given up).
    for (const [timer, resume] of this.pauses) {
      clearTimeout(timer)
      resume()
    }
    this.pauses.clear()
    await this.client.endAsync()
  }

  /**
   * Sends commands in one message and waits for their answers; fails on any error not harmless: a "not found" of
   * a command listed in `tolerated`, or any error matching it when it is a pattern.
   */
  async run(commands: Command[], tolerated: string[] | RegExp = []): Promise<Response[]> {
    if (!this.client.connected) throw new Error('not connected to the broker')
    const id = randomBytes(8).toString('hex')
    const answered = new Promise<Response[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`))
      }, ANSWER_WITHIN_MS)
      this.waiting.set(id, (responses) => {
        clearTimeout(timer)
        this.waiting.delete(id)
        resolve(responses)
      })
    })
    const payload = JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) })
    // One deadline for the publish and the answer: a paused broker acknowledges neither, and the answer's timer
    // must not reject with nobody listening (an unhandled rejection ends the process). A publish that fails
    // (connection reset) ends the wait at once.
    const published = this.client.publishAsync(DYNSEC_TOPIC, payload, { qos: 1 }).then(() => answered)
    answered.catch(() => {})
    published.catch(() => {})
    let responses: Response[]
    try {
      responses = await Promise.race([answered, published])
    } finally {
      // Whatever settled first, the answer's timer ends here.
      this.waiting.get(id)?.([])
    }
    const harmless = (r: Response) =>
      tolerated instanceof RegExp
        ? tolerated.test(r.error ?? '')
        : tolerated.includes(r.command) && ABSENT.test(r.error ?? '')
    const failed = responses.filter((r) => r.error && !harmless(r))
    if (failed.length > 0) {
      throw new Error(failed.map((r) => `${r.command}: ${r.error}`).join('; '))
    }
    return responses
  }

  /** A change that must reach the broker even if it is away now: tried again with doubling pauses. */
  private background(what: string, commands: Command[], absentIsFine: string[]): Promise<void> {
    return this.retrying(what, () => this.run(commands, absentIsFine))
  }

  /** Runs `change` until it succeeds, with doubling pauses (2 s … 60 s, ~15 min), or until closed. */
  async retrying(what: string, change: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await change()
        if (attempt > 1) this.options.log.info({ what, attempt }, 'device link: dynamic security change made')
        return
      } catch (err) {
        if (this.closed || attempt >= RETRIES) {
          this.options.log.error(
            { what, err: (err as Error).message, attempt },
            'device link: dynamic security change failed; giving up',
          )
          return
        }
        const pause = Math.min(60_000, 1000 * 2 ** attempt)
        this.options.log.warn(
          { what, err: (err as Error).message, attempt, retryInMs: pause },
          'device link: dynamic security change failed; retrying',
        )
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.pauses.delete(timer)
            resolve()
          }, pause)
          this.pauses.set(timer, resolve)
        })
      }
    }
  }
}
