import { buildApp } from './app.ts'
import { ConfigError, loadConfig, StartupError } from './config.ts'
import { lockDataDir } from './lib/data-dir-lock.ts'
import { maskUrlSecrets } from './lib/secret-urls.ts'
import { DemoLogins } from './modules/auth/demo-logins.ts'
import { issueSetupLink, SETUP_LINK_HOURS } from './modules/setup/first-admin.ts'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(maskUrlSecrets(err.message))
      process.exit(1)
    }
    throw err
  }

  // The embedded database belongs to one process; checked before anything opens it.
  if (!config.databaseUrl) {
    const lock = await lockDataDir(config.dataDir, config.port)
    process.on('exit', () => lock.release())
  }

  let stopNow: ((reason: string, exitCode: number) => Promise<void>) | undefined
  const app = await buildApp({
    config,
    // Restarts of its thread failed: the process cannot serve any more; it finishes what it can and exits 1, for
    // the service manager to start it again or show the failure (ADR 039).
    onDatabaseLost: (err) => {
      console.error(
        `The embedded database under ${config.dataDir}/pgdata stopped and could not be opened again (${err.message}). Stopping.`,
      )
      void stopNow?.('database lost', 1)
    },
  })
  stopNow = watchStopSignals(app, config)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is already in use. Stop the other program or choose another: PORT=3001 npm start`,
      )
      await app.close()
      process.exit(1)
    }
    throw err
  }
  console.log(await banner(app, config))
}

/**
 * A repeat of the stop signal this soon after the first is the same stop: npm forwards the signal it receives to
 * the process it runs, so stopping the process group of `npm start` (Ctrl-C, systemd) delivers it two or three
 * times — a few milliseconds apart on a quiet machine, much later on a busy one.
 */
const REPEAT_WINDOW_MS = 2000

/**
 * First signal: out of the balancer's rotation for SHUTDOWN_DELAY_SECONDS (`/health` 503, everything else
 * served), then finish what was received and exit 0 (docs/decisions/011 and 040). A later signal during the
 * delay cuts the delay short; one during the drain exits at once.
 */
function watchStopSignals(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>) {
  let firstAt = 0
  let endDelay: (() => void) | undefined
  const stop = async (signal: string, exitCode = 0) => {
    if (firstAt > 0) {
      if (Date.now() - firstAt < REPEAT_WINDOW_MS) return
      if (endDelay) {
        app.log.info({ signal }, 'stopping now: the rest of SHUTDOWN_DELAY_SECONDS skipped')
        endDelay()
        return
      }
      console.error(`${signal} again: exiting without finishing the requests in flight`)
      process.exit(1)
    }
    firstAt = Date.now()
    app.leaveRotation()
    const delaySeconds = config.shutdownDelaySeconds
    if (delaySeconds > 0) {
      app.log.info(
        { signal, delaySeconds },
        'stopping: /health answers 503 while requests are still served (SHUTDOWN_DELAY_SECONDS)',
      )
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delaySeconds * 1000)
        endDelay = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      endDelay = undefined
    }
    const timeoutSeconds = config.shutdownTimeoutSeconds
    app.log.info({ signal, timeoutSeconds }, 'stopping: finishing the requests in flight')
    const timer = setTimeout(() => {
      app.log.error(`could not stop within ${timeoutSeconds} s (SHUTDOWN_TIMEOUT_SECONDS); exiting anyway`)
      process.exit(1)
    }, timeoutSeconds * 1000)
    timer.unref()
    try {
      await app.close()
    } catch (err) {
      app.log.error({ err }, 'error while stopping')
      process.exit(1)
    }
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  return stop
}

/**
 * Printed once the server listens, apart from the log lines: where to open it, the demo logins while they work on a
 * demo installation, and on a real one without an administrator the one-time link that creates it (ADR 044; the
 * link is a secret, so it is printed here and never logged).
 */
async function banner(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>) {
  const published = await new DemoLogins(app.db).current()
  const accounts = config.demo ? published : []
  if (published.length > 0) {
    const emails = published.map((a) => a.email)
    if (config.demo) {
      app.log.warn(
        { accounts: emails },
        'demo installation: these accounts sign in with published passwords (DEMO=false on a real site)',
      )
    } else {
      app.log.warn(
        { accounts: emails },
        'accounts still sign in with a published demo password: change their passwords or delete them',
      )
    }
  }
  const setupLink = await issueSetupLink(app.db, config.appUrl)
  if (setupLink) {
    app.log.warn(
      'no administrator yet: open the setup link printed at start, or run npm run admin:create (docs/operations.md)',
    )
  }
  const broker = config.mqttUrl
    ? `external, ${maskUrlSecrets(config.mqttUrl)}`
    : config.mqttEnabled
      ? `embedded, ${config.mqttHost}:${config.mqttPort}`
      : 'off'
  const lines = [
    '',
    '  ┌──────────────────────────────────────────────',
    `  │ Teplo is running at ${config.appUrl}`,
    `  │ Database: ${app.dbKind}   Device broker: ${broker}`,
    ...(accounts.length > 0
      ? ['  │ Demo logins:', ...accounts.map((a) => `  │   ${a.role.padEnd(8)} ${a.email} / ${a.password}`)]
      : []),
    ...(setupLink
      ? [
          '  │ No administrator yet. Create the first one within',
          `  │ ${SETUP_LINK_HOURS} h at this one-time link (or: npm run admin:create):`,
          `  │   ${setupLink}`,
        ]
      : []),
    '  └──────────────────────────────────────────────',
    '',
  ]
  return lines.join('\n')
}

main().catch((err) => {
  const text =
    err instanceof StartupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : err
  console.error(maskUrlSecrets(String(text)))
  process.exit(1)
})
