import fs from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export type VapidKeys = { publicKey: string; privateKey: string }

const KEY_FILE = 'vapid-keys.json'

function readKeyFile(file: string): VapidKeys {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} does not hold VAPID keys (publicKey, privateKey); restore it from a backup`)
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
}

/**
 * The server's VAPID key pair: from the environment, or generated once into DATA_DIR/vapid-keys.json (0600).
 * Every browser subscription is bound to the public key, so a lost file silently ends every subscription.
 * Written to a temporary file and linked into place, so servers starting together on one DATA_DIR agree.
 */
export function loadVapidKeys(fromEnvironment: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (fromEnvironment) return fromEnvironment
  const file = path.join(dataDir, KEY_FILE)
  if (fs.existsSync(file)) return readKeyFile(file)
  fs.mkdirSync(dataDir, { recursive: true })
  const generated = webpush.generateVAPIDKeys()
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  fs.writeFileSync(temporary, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  try {
    fs.linkSync(temporary, file)
  } catch (error) {
    // Another process linked its pair first: that one is the server's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.rmSync(temporary, { force: true })
  }
  return readKeyFile(file)
}
