import { DEMO_ACCOUNTS } from '@teplo/domain'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, StartupError } from './config.ts'

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

  const app = await buildApp({ config })
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

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
