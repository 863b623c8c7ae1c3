import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A push service on loopback standing in for FCM / Mozilla's: it records each request and answers `status`. */
export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer }

export async function startPushService() {
  const received: ReceivedPush[] = []
  const service = { received, status: 201, url: '' }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(service.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(service, {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  }
}

/** Decrypts an aes128gcm web push body (RFC 8188 record, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverPublic = body.subarray(21, 21 + idLength)
  const cipherText = body.subarray(21 + idLength)
  const shared = keys.ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16))
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1
  while (end > 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/** Checks the `vapid t=<JWT>, k=<key>` header: ES256 signature by `publicKey`, and returns its claims. */
export function verifyVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`)
  const [, jwt, key] = match as unknown as [string, string, string]
  if (key !== publicKey) throw new Error('the header names another public key')
  const [head, claims, signature] = jwt.split('.') as [string, string, string]
  const raw = Buffer.from(publicKey, 'base64url')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  }
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('the VAPID signature does not verify')
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string
    exp: number
    sub: string
  }
}
