import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEVICE_LINK, isDeviceSerial } from '@teplo/domain'
import { z } from 'zod'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

const portSchema = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535')

const urlSchema = (protocols: string[]) =>
  z
    .url({ message: `must be a URL (${protocols.join(', ')})` })
    .refine(
      (value) => protocols.some((p) => value.startsWith(`${p}:`)),
      `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    )

// A comma-separated list of web origins (scheme://host[:port]), e.g. for a second front end.
const originListSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^https?:\/\/[^/?#\s]+$/,
          'must list origins like https://admin.example.com (no path), comma-separated',
        ),
    ),
  )

// TRUST_PROXY: how many proxies in front of the server set X-Forwarded-For (a number of hops), or which ones (their
// addresses or CIDR ranges, comma-separated; proxy-addr's names loopback, linklocal, uniquelocal too). The client
// address is then the right-most X-Forwarded-For entry not added by a trusted proxy: entries to its left are
// whatever the client sent. `true` means one hop (a single reverse proxy), `false` none.
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const TRUST_PROXY_MESSAGE =
  'must be false, true (one proxy), a number of proxies (1-10) or their addresses, comma-separated (10.0.0.1,192.168.0.0/16)'

function trustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined || !address) return false
  const family = isIP(address)
  if (family === 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

const trustProxySchema = z.string().transform((value, ctx): boolean | number | string => {
  const text = value.trim()
  if (text === 'false' || text === '0') return false
  if (text === 'true') return 1
  if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.length > 0 && entries.every(trustedProxyEntry)) return entries.join(',')
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE })
  return z.NEVER
})

function urlUsername(value: string): string {
  try {
    return decodeURIComponent(new URL(value).username)
  } catch {
    return ''
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlSchema(['postgres', 'postgresql']).optional(),
  APP_URL: urlSchema(['http', 'https']).optional(),
  // Passkeys' relying party (ADR 041): APP_URL's host name unless set to a registrable parent of it.
  PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, { message: 'must be a host name' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // pretty: one readable line per entry (the default on a terminal); json: one JSON object a line (log collectors).
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  SMTP_URL: urlSchema(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Teplo <no-reply@teplo.local>'),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@teplo.local'),
  SUPPORT_PHONE: z.string().min(3).default('+380 44 000 00 00'),
  WEB_DIST: z.string().min(1).optional(),
  SERVE_WEB: z.enum(['true', 'false']).optional(),
  CORS_ORIGINS: originListSchema.optional(),
  ALLOWED_REDIRECT_ORIGINS: originListSchema.optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  MQTT_ENABLED: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  // 0 picks a free port (tests).
  MQTT_PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    // Not 1883: that is where a machine's own Mosquitto usually listens (see docs/decisions/008).
    .default(1884),
  // Defaults to HOST: a server told to listen on loopback only keeps its broker there too.
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_URL: urlSchema(['mqtt', 'mqtts', 'tcp', 'tls', 'ws', 'wss'])
    .refine((value) => !isDeviceSerial(urlUsername(value)), {
      message: 'its user name must not look like a device serial number (digits only)',
    })
    .optional(),
  // Where controllers reach the broker, as told in the credentials answer (e.g. mqtts://mqtt.example.com:8883).
  MQTT_PUBLIC_URL: urlSchema(['mqtt', 'mqtts']).optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or - (at most 64)')
    .default('teplo'),
  // An mqtts:// listener of the embedded broker: certificate chain and private key files (PEM), both or neither.
  MQTT_TLS_CERT: z.string().min(1).optional(),
  MQTT_TLS_KEY: z.string().min(1).optional(),
  MQTT_TLS_PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8884),
  // How long the server keeps trying an external broker that refuses or does not answer at start.
  MQTT_CONNECT_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(60),
  // The external broker is Mosquitto with its dynamic security plugin: the server provisions each device on it.
  MQTT_DYNAMIC_SECURITY: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  // The server's own client id on an external broker: its persistent session. Unset: teplo-server-<host>-<PORT>.
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be letters, digits, _ . : or - (at most 128)')
    .refine((value) => !value.startsWith('teplo-') || value.startsWith('teplo-server-'), {
      message: 'must not look like a device client id (teplo-<serial>)',
    })
    .optional(),
  // The link self-check's period: a canary through the external broker every so many seconds (ADR 036).
  MQTT_LINK_CHECK_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.2, 'must be at least 0.2')
    .max(300, 'must be at most 300')
    .default(5),
  MQTT_SESSION_EXPIRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(4_294_967_295, 'must be at most 4294967295')
    .default(7 * 86_400),
  // Another instance's session silent this long in the database is lost: a survivor takes it over (ADR 043).
  MQTT_TAKEOVER_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or between 3 and 3600')
    .max(3600, 'must be 0 (off) or between 3 and 3600')
    .refine((value) => value === 0 || value >= 3, { message: 'must be 0 (off) or between 3 and 3600' })
    .default(30),
  DEVICE_OFFLINE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(DEVICE_LINK.offlineAfterSeconds),
  // A device reporting older settings than desired is sent them again at most this often (protocol doc).
  DEVICE_RESEND_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(3600, 'must be at most 3600')
    .default(DEVICE_LINK.resendAfterSeconds),
  // Alarms (ADR 023): how long a device's condition must stay gone before its alarm clears (errors, silence).
  ALARM_CLEAR_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(86_400, 'must be at most 86400')
    .default(300),
  // How often silent devices and fuel are checked for alarms, and the outbox for deliveries due.
  ALARM_CHECK_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.1, 'must be at least 0.1')
    .max(3600, 'must be at most 3600')
    .default(15),
  // The first retry of a failed e-mail or push delivery; it doubles after each failure, up to an hour.
  NOTIFY_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.1, 'must be at least 0.1')
    .max(3600, 'must be at most 3600')
    .default(30),
  TELEMETRY_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500')
    .default(30),
  HISTORY_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500')
    .default(730),
  // false on a real site: no demo accounts or boilers, the first administrator from a setup link (ADR 044).
  DEMO: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  DEMO_DEVICES: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  DEMO_HISTORY_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(90, 'must be at most 90')
    .default(30),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600')
    .default(10),
  // Before the stop: /health answers 503 this long while everything else is still served, so that a load
  // balancer takes the instance out before it refuses anything (0: stop at once, for a single instance).
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(300, 'must be at most 300')
    .default(5),
  // Web push (VAPID): both keys or neither (then generated once into DATA_DIR/vapid-keys.json).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'must be a P-256 public key in base64url (87 characters, from web-push)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}=?$/, 'must be a P-256 private key in base64url (43 characters, from web-push)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/?#]+\S*)$/,
      'must be a mailto: address or an https:// URL',
    )
    .optional(),
  // Web push goes only to public addresses (ADR 045); these narrow it to named push services (*.example.com for
  // subdomains), comma-separated. Unset: any host whose addresses are all public.
  PUSH_ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/,
            'must list host names like fcm.googleapis.com or *.notify.windows.com, comma-separated',
          ),
      ),
    )
    .optional(),
  // A test's own push service on this machine over http://; never on by default (ADR 045).
  PUSH_ALLOW_LOOPBACK: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  // Webhooks (ADR 061) go only to public addresses, checked on the socket used; true lets a site post to its own
  // network (and over http://), as a test's receiver on this machine does.
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  // Home Assistant brokers (ADR 062) are reached only on public addresses, checked on the socket used; true lets a
  // site connect to brokers on its own network, as a test's Mosquitto on this machine is.
  HOME_ASSISTANT_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false'),
  // How long a Home Assistant connection that failed or was lost waits before it connects again.
  HOME_ASSISTANT_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.1, 'must be at least 0.1')
    .max(3600, 'must be at most 3600')
    .default(10),
  // The first retry of a failed webhook delivery; it doubles after each failure, up to an hour.
  WEBHOOK_RETRY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.1, 'must be at least 0.1')
    .max(3600, 'must be at most 3600')
    .default(30),
  // How long a delivery is retried before it is given up (and its webhook turned off).
  WEBHOOK_RETRY_HOURS: z.coerce
    .number({ message: 'must be a number' })
    .min(0.001, 'must be at least 0.001')
    .max(168, 'must be at most 168')
    .default(24),
  // Failed attempts in a row (over all its deliveries) after which a webhook is turned off.
  WEBHOOK_MAX_FAILURES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(100),
  // Mail sent on someone's request (ADR 034): invitations and share notices per account a day, password-reset
  // requests per client address an hour whatever the e-mail.
  INVITATIONS_PER_DAY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(50),
  PASSWORD_RESETS_PER_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(10),
  // Requests one personal API token may make per window (ADR 060), counted per instance.
  API_TOKEN_RATE_LIMIT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(120),
  API_TOKEN_RATE_WINDOW_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(60),
  AUTH_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(60, 'must be at most 60')
    .default(10),
  ITEM_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(60, 'must be at most 60')
    .default(10),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  appUrl: string
  // Passkeys (WebAuthn): the relying party id and the origin browsers sign for (APP_URL's).
  passkeys: { rpId: string; origin: string }
  // Other web origins allowed to call the API from a browser (CORS); empty: the app's own origin only.
  corsOrigins: string[]
  // Origins a password-reset link may lead to besides APP_URL's.
  allowedRedirectOrigins: string[]
  logLevel: string
  logFormat: 'pretty' | 'json'
  smtpUrl: string | undefined
  mailFrom: string
  supportEmail: string
  supportPhone: string
  webDist: string
  // Read the client address from X-Forwarded-For: only behind a proxy that sets it, or rate limits are void.
  // false, a number of trusted hops, or the trusted proxies' addresses (comma-separated), as Fastify takes it.
  trustProxy: boolean | number | string
  serveWeb: boolean
  mqttEnabled: boolean
  mqttPort: number
  mqttHost: string
  // External broker; when set, no embedded broker runs.
  mqttUrl: string | undefined
  mqttShareGroup: string
  mqttPublicUrl: string | undefined
  /** The embedded broker's mqtts:// listener; undefined without MQTT_TLS_CERT and MQTT_TLS_KEY. */
  mqttTls: { port: number; certFile: string; keyFile: string } | undefined
  mqttConnectRetrySeconds: number
  /** Device clients, roles and ACLs are provisioned on the external broker (Mosquitto dynamic security). */
  mqttDynamicSecurity: boolean
  /** The server's persistent session on an external broker (stable per instance). */
  mqttClientId: string
  mqttSessionExpirySeconds: number
  /** Seconds without a heartbeat after which another instance's broker session is taken over (0: never). */
  mqttTakeoverSeconds: number
  /** How often the link self-check sends its canary through an external broker. */
  mqttLinkCheckSeconds: number
  deviceOfflineSeconds: number
  deviceResendSeconds: number
  alarmClearSeconds: number
  alarmCheckSeconds: number
  notifyRetrySeconds: number
  telemetryRetentionDays: number
  /** Days the 1-minute and 1-hour rollups of the readings are kept. */
  historyRetentionDays: number
  /** A demo installation: demo accounts and boilers on the first start, their logins offered (ADR 044). */
  demo: boolean
  // Simulated controllers for the seeded demo boilers, inside the server (embedded broker only).
  demoDevices: boolean
  /** Days of generated history the demo boilers get on first start (0: none). */
  demoHistoryDays: number
  // How long a stop may take (requests in flight, ingest queue, mail) before the process exits anyway.
  shutdownTimeoutSeconds: number
  /** Seconds /health answers 503 before the stop begins, the rest still served (0: none, a single instance). */
  shutdownDelaySeconds: number
  /** How long an instance remembers who a bearer token belongs to (0: ask the database every time). */
  authCacheSeconds: number
  /** Requests a personal API token may make per window (ADR 060). */
  apiTokenRateLimit: { max: number; windowSeconds: number }
  /** Caps on mail sent on request (ADR 034): invitations per account a day, reset requests per address an hour. */
  mailCaps: { invitationsPerDay: number; passwordResetsPerHour: number }
  /** How long an instance keeps a device read for `GET /items/{id}` (ADR 028; 0: read the database every time). */
  itemCacheSeconds: number
  /** Where web push may go (ADR 045): only these hosts (empty: any public one); loopback http for tests. */
  push: { allowedHosts: string[]; allowLoopback: boolean }
  /** Webhooks (ADR 061): private addresses allowed, first retry, retry window, failures in a row that turn one off. */
  webhooks: { allowPrivate: boolean; retrySeconds: number; retryHours: number; maxFailures: number }
  /** Home Assistant (ADR 062): whether brokers on private addresses may be reached. */
  homeAssistant: { allowPrivate: boolean; retrySeconds: number }
  /** Web push: keys from the environment (undefined: generated once into DATA_DIR), and the contact sent. */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string }
}

export class ConfigError extends Error {}

// A start-up failure the operator fixes with a setting (a port in use, an unreachable broker); printed alone.
export class StartupError extends Error {}

// Relative paths are read from where the user typed the command (npm sets INIT_CWD), not from the workspace.
function resolvePath(value: string, base: string): string {
  return path.isAbsolute(value) ? value : path.resolve(base, value)
}

/**
 * One instance, one session: the host name and the HTTP port name an instance across its restarts (a host
 * name that changes at every start, as a Kubernetes Deployment's, needs MQTT_CLIENT_ID instead).
 */
export function defaultMqttClientId(port: number): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9_.:-]/g, '-')
      .slice(0, 80) || 'host'
  return `teplo-server-${host}-${port}`
}

/** Push services want a way to reach the sender: the site when it is public over https, else support's mail. */
export function defaultVapidSubject(appUrl: string | undefined, supportEmail: string): string {
  if (appUrl?.startsWith('https://')) {
    const host = new URL(appUrl).hostname
    if (host !== 'localhost' && host !== '127.0.0.1') return appUrl.replace(/\/$/, '')
  }
  return `mailto:${supportEmail}`
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?')
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const base = env.INIT_CWD ?? repoRoot
  const pairs: [string, string][] = []
  if (cleaned.DEVICE_AUTH_SECRET) {
    // The HTTP auth hook it enabled is gone (ADR 014): say so rather than ignore it.
    pairs.push([
      'DEVICE_AUTH_SECRET',
      'the broker HTTP auth hook was removed; use the embedded broker, or Mosquitto with its dynamic security plugin and MQTT_DYNAMIC_SECURITY=true (docs/operations.md)',
    ])
  }
  if (Boolean(e.MQTT_TLS_CERT) !== Boolean(e.MQTT_TLS_KEY)) {
    const missing = e.MQTT_TLS_CERT ? 'MQTT_TLS_KEY' : 'MQTT_TLS_CERT'
    pairs.push([missing, `must be set with ${e.MQTT_TLS_CERT ? 'MQTT_TLS_CERT' : 'MQTT_TLS_KEY'}`])
  }
  if (e.MQTT_DYNAMIC_SECURITY === 'true' && !e.MQTT_URL) {
    pairs.push([
      'MQTT_DYNAMIC_SECURITY',
      'needs MQTT_URL (the Mosquitto that runs the dynamic security plugin)',
    ])
  }
  if (e.DEMO === 'false' && e.DEMO_DEVICES === 'true') {
    pairs.push(['DEMO_DEVICES', 'needs DEMO=true (without it there are no demo boilers to simulate)'])
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
    pairs.push([missing, `must be set with ${e.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}`])
  }
  const appHost = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`).hostname
  const rpId = e.PASSKEY_RP_ID?.toLowerCase()
  if (rpId && appHost !== rpId && !appHost.endsWith(`.${rpId}`)) {
    pairs.push(['PASSKEY_RP_ID', `must be APP_URL's host (${appHost}) or a parent domain of it`])
  }
  if (pairs.length > 0) {
    const lines = pairs.map(([key, message]) => `  ${key}=${JSON.stringify(env[key] ?? '')}: ${message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolvePath(e.DATA_DIR, base),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    passkeys: { rpId: rpId ?? appHost, origin: new URL(e.APP_URL ?? `http://localhost:${e.PORT}`).origin },
    corsOrigins: e.CORS_ORIGINS ?? [],
    allowedRedirectOrigins: e.ALLOWED_REDIRECT_ORIGINS ?? [],
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    webDist: resolvePath(e.WEB_DIST ?? 'apps/web/dist', e.WEB_DIST ? base : repoRoot),
    trustProxy: e.TRUST_PROXY,
    serveWeb: e.SERVE_WEB ? e.SERVE_WEB === 'true' : e.NODE_ENV === 'production',
    mqttEnabled: e.MQTT_ENABLED === 'true',
    mqttPort: e.MQTT_PORT,
    mqttHost: e.MQTT_HOST ?? e.HOST,
    mqttUrl: e.MQTT_URL,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    mqttTls:
      e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
        ? {
            port: e.MQTT_TLS_PORT,
            certFile: resolvePath(e.MQTT_TLS_CERT, base),
            keyFile: resolvePath(e.MQTT_TLS_KEY, base),
          }
        : undefined,
    mqttConnectRetrySeconds: e.MQTT_CONNECT_RETRY_SECONDS,
    mqttDynamicSecurity: e.MQTT_DYNAMIC_SECURITY === 'true',
    mqttClientId: e.MQTT_CLIENT_ID ?? defaultMqttClientId(e.PORT),
    mqttSessionExpirySeconds: e.MQTT_SESSION_EXPIRY_SECONDS,
    mqttTakeoverSeconds: e.MQTT_TAKEOVER_SECONDS,
    mqttLinkCheckSeconds: e.MQTT_LINK_CHECK_SECONDS,
    deviceOfflineSeconds: e.DEVICE_OFFLINE_SECONDS,
    deviceResendSeconds: e.DEVICE_RESEND_SECONDS,
    alarmClearSeconds: e.ALARM_CLEAR_SECONDS,
    alarmCheckSeconds: e.ALARM_CHECK_SECONDS,
    notifyRetrySeconds: e.NOTIFY_RETRY_SECONDS,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    historyRetentionDays: e.HISTORY_RETENTION_DAYS,
    demo: e.DEMO === 'true',
    demoDevices: e.DEMO_DEVICES ? e.DEMO_DEVICES === 'true' : e.DEMO === 'true' && e.NODE_ENV !== 'test',
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    apiTokenRateLimit: { max: e.API_TOKEN_RATE_LIMIT, windowSeconds: e.API_TOKEN_RATE_WINDOW_SECONDS },
    mailCaps: { invitationsPerDay: e.INVITATIONS_PER_DAY, passwordResetsPerHour: e.PASSWORD_RESETS_PER_HOUR },
    itemCacheSeconds: e.ITEM_CACHE_SECONDS,
    push: { allowedHosts: e.PUSH_ALLOWED_HOSTS ?? [], allowLoopback: e.PUSH_ALLOW_LOOPBACK === 'true' },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      retrySeconds: e.WEBHOOK_RETRY_SECONDS,
      retryHours: e.WEBHOOK_RETRY_HOURS,
      maxFailures: e.WEBHOOK_MAX_FAILURES,
    },
    homeAssistant: {
      allowPrivate: e.HOME_ASSISTANT_ALLOW_PRIVATE === 'true',
      retrySeconds: e.HOME_ASSISTANT_RETRY_SECONDS,
    },
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.APP_URL, e.SUPPORT_EMAIL),
    },
  }
}
