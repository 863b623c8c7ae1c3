import { fileURLToPath } from 'node:url'

// One directory per port, so that runs on different E2E_PORTs never wipe each other's database.
const suffix = process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : ''

/** DATA_DIR of the e2e server: a fresh database and the mail it "sends" (no SMTP in tests). */
export const dataDir = fileURLToPath(new URL(`../../.data-e2e${suffix}`, import.meta.url))

/** Where the server writes each e-mail as an .eml file when no SMTP server is configured. */
export const mailDir = `${dataDir}/mail`
