import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { ConcurrencyGate } from './concurrency-gate.ts'

// scrypt is memory-hard and ships with Node; parameters are stored with the hash so they can be raised later.
const N = 16384
const r = 8
const p = 1
const keyLength = 32

// Each hash takes ~50 ms of a libuv thread; two at a time leave the other threads (files, DNS, the embedded
// database) free, and a queue of 32 bounds the wait before a burst is answered 429.
const hashing = new ConcurrencyGate(2, 32)

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return hashing.run(() => deriveNow(password, salt, n, rr, pp))
}

function deriveNow(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N: n, r: rr, p: pp, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, r, p)
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

// A fixed hash to compare against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'))
  return dummyHash
}
