import { fileURLToPath } from 'node:url'

// Each Playwright worker has a server of its own (playwright.config.ts): its database, its mail, its device broker
// and its ports, so that files running at the same time never see each other's data or demo boilers.

/** The first worker's server port (E2E_PORT); worker n's is PORT_STRIDE × n further. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100)
/** A worker's ports: its server, the device broker (+1), the outage spec's proxy (+2), the setup spec's server (+5). */
const PORT_STRIDE = 10

export function serverPortOf(workerSlot: number): number {
  return BASE_PORT + PORT_STRIDE * workerSlot
}

/** DATA_DIR of the server on `port`: a fresh database and the mail it "sends" (no SMTP in tests). */
export function dataDirOf(port: number): string {
  return fileURLToPath(new URL(`../../.data-e2e-${port}`, import.meta.url))
}

/** This worker's server (Playwright numbers the workers running at once from 0: TEST_PARALLEL_INDEX). */
export const serverPort = serverPortOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
export const baseURL = `http://localhost:${serverPort}`
/** The embedded device broker of this worker's server. */
export const brokerUrl = `mqtt://127.0.0.1:${serverPort + 1}`
export const dataDir = dataDirOf(serverPort)
/** Where the server writes each e-mail as an .eml file when no SMTP server is configured. */
export const mailDir = `${dataDir}/mail`
