import { DEMO_ACCOUNTS } from '@teplo/domain'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, StartupError } from './config.ts'
import { lockDataDir } from './lib/data-dir-lock.ts'

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
  const logins = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(8)} ${a.email} / ${a.password}`).join('\n')
  console.log(`\nTeplo is running at ${config.appUrl}\nDatabase: ${app.dbKind}\nDemo logins:\n${logins}\n`)
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err)
  process.exit(1)
})
