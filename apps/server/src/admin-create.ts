import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { registerAllMessages, registerSchema, translateMessage } from '@teplo/domain'
import { ConfigError, loadConfig, StartupError } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed.ts'
import { HttpError } from './lib/api-error.ts'
import { lockDataDir } from './lib/data-dir-lock.ts'
import { maskUrlSecrets } from './lib/secret-urls.ts'
import { createAdmin } from './modules/setup/first-admin.ts'

// The wording of every message (ADR 055): refusals are printed in English here.
registerAllMessages()

/**
 * `npm run admin:create [-- --name N --email E --password P]`: creates an administrator in the database the
 * server's configuration names (DATABASE_URL, else the embedded one under DATA_DIR, which needs the server
 * stopped). Whatever is not given as an argument is asked; the password without echo (ADR 044).
 */
const USAGE = `Usage: npm run admin:create [-- --name NAME --email EMAIL --password PASSWORD]
The password may also come from ADMIN_PASSWORD. Whatever is missing is asked.`

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY)
    throw new StartupError(`${question.trim()} is missing (no terminal to ask on).\n${USAGE}`)
  const output = process.stdout
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  if (hidden) {
    // Echo nothing while the password is typed.
    const write = output.write.bind(output)
    ;(rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      if (text.startsWith(question)) write(text)
    }
  }
  try {
    const answer = await rl.question(question)
    if (hidden) output.write('\n')
    return answer
  } finally {
    rl.close()
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const config = loadConfig()
  const name = values.name ?? (await ask('Name: '))
  const email = values.email ?? (await ask('E-mail: '))
  let password = values.password ?? process.env.ADMIN_PASSWORD
  let confirmation = password
  if (password === undefined) {
    password = await ask('Password (at least 8 characters): ', true)
    confirmation = await ask('Password again: ', true)
  }
  const parsed = registerSchema.safeParse({ name, email, password, password_confirmation: confirmation })
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${translateMessage(issue.message, 'en')}`,
    )
    throw new StartupError(lines.join('\n'))
  }
  const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir, config.port)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: `${config.dataDir}/pgdata`,
  })
  try {
    await seedIfEmpty(database.db, { demo: config.demo })
    const id = await createAdmin(database.db, parsed.data)
    console.log(`Administrator ${parsed.data.email} created (id ${id}). Sign in at ${config.appUrl}/login`)
  } finally {
    await database.close()
    lock?.release()
  }
}

main().catch((err) => {
  let text: string
  // The refusals are written in Ukrainian (ADR 032); a console tool answers in English.
  if (err instanceof HttpError) text = translateMessage(err.message, 'en')
  else if (err instanceof ConfigError || err instanceof StartupError) text = err.message
  else text = err instanceof Error ? (err.stack ?? err.message) : String(err)
  console.error(maskUrlSecrets(text))
  process.exit(1)
})
