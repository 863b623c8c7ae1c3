import path from 'node:path'
import { fileURLToPath } from 'node:url'
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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlSchema(['postgres', 'postgresql']).optional(),
  APP_URL: urlSchema(['http', 'https']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: urlSchema(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Teplo <no-reply@teplo.local>'),
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@teplo.local'),
  SUPPORT_PHONE: z.string().min(3).default('+380 44 000 00 00'),
  WEB_DIST: z.string().min(1).optional(),
  SERVE_WEB: z.enum(['true', 'false']).optional(),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  appUrl: string
  logLevel: string
  smtpUrl: string | undefined
  mailFrom: string
  supportEmail: string
  supportPhone: string
  webDist: string
  serveWeb: boolean
}

export class ConfigError extends Error {}

// Relative paths are read from where the user typed the command (npm sets INIT_CWD), not from the workspace.
function resolvePath(value: string, base: string): string {
  return path.isAbsolute(value) ? value : path.resolve(base, value)
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolvePath(e.DATA_DIR, base),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    webDist: resolvePath(e.WEB_DIST ?? 'apps/web/dist', e.WEB_DIST ? base : repoRoot),
    serveWeb: e.SERVE_WEB ? e.SERVE_WEB === 'true' : e.NODE_ENV === 'production',
  }
}
