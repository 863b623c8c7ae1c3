import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** Firmware images live in DATA_DIR/firmware (object storage later), under random names never reused. */
export function firmwareRoot(dataDir: string): string {
  return path.join(dataDir, 'firmware')
}

const FILE_NAME = /^[0-9a-f]{32}\.bin$/

function filePath(dataDir: string, fileName: string): string {
  // Only names this module made are ever opened or removed, whatever a row says.
  if (!FILE_NAME.test(fileName)) throw new Error(`not a firmware file name: ${fileName}`)
  return path.join(firmwareRoot(dataDir), fileName)
}

export type StoredFirmware = { fileName: string; size: number; sha256: string }

/** Streams an uploaded file to disk while hashing and counting it; the partial file is removed on failure. */
export async function storeFirmwareStream(dataDir: string, source: Readable): Promise<StoredFirmware> {
  await fs.mkdir(firmwareRoot(dataDir), { recursive: true })
  const fileName = `${randomBytes(16).toString('hex')}.bin`
  const target = filePath(dataDir, fileName)
  const hash = createHash('sha256')
  let size = 0
  source.on('data', (chunk: Buffer) => {
    hash.update(chunk)
    size += chunk.length
  })
  try {
    await pipeline(source, createWriteStream(target, { flags: 'wx' }))
  } catch (err) {
    await fs.rm(target, { force: true })
    throw err
  }
  return { fileName, size, sha256: hash.digest('hex') }
}

export function openFirmware(dataDir: string, fileName: string): Readable {
  return createReadStream(filePath(dataDir, fileName))
}

export async function removeFirmware(dataDir: string, fileName: string): Promise<void> {
  await fs.rm(filePath(dataDir, fileName), { force: true })
}

/** The first bytes of a stored file (to recognise what was uploaded). */
export async function firmwareHead(dataDir: string, fileName: string, bytes = 4100): Promise<Buffer> {
  const handle = await fs.open(filePath(dataDir, fileName), 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
