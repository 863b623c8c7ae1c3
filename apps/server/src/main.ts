import { buildApp } from './app.ts'
import { ConfigError, loadConfig, StartupError } from './config.ts'
import { lockDataDir } from './lib/data-dir-lock.ts'
import { DemoLogins } from './modules/auth/demo-logins.ts'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }

  // The embedded database belongs to one process; checked before anything opens it.
  if (!config.databaseUrl) {
    const lock = await lockDataDir(config.dataDir, config.port)
    process.on('exit', () => lock.release())
  }

  const app = await buildApp({ config })
  let stopping = false
  // First signal: finish what was received, then exit 0 (see docs/decisions/011). A second one exits at once.
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without finishing the requests in flight`)
      process.exit(1)
    }
    stopping = true
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
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

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

// Printed once the server listens, apart from the log lines: where to open it, and the demo logins while they work.
async function banner(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>) {
  const accounts = await new DemoLogins(app.db).current()
  const broker = config.mqttUrl
    ? `external, ${config.mqttUrl}`
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
    '  └──────────────────────────────────────────────',
    '',
  ]
  return lines.join('\n')
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err)
  process.exit(1)
})
