import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url')

/**
 * A passkey in software, as a browser's authenticator answers (ES256, attestation "none"): what the API tests
 * sign in with. The browser test uses Chromium's own virtual authenticator instead.
 */
export class SoftwarePasskey {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  readonly credentialId = randomBytes(16)
  private counter = 0

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  get id(): string {
    return b64url(this.credentialId)
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
  }

  private authenticatorData(attested: boolean, userVerified = true): Buffer {
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    const parts = [sha256(this.rpId), Buffer.from([flags]), counter]
    if (attested) {
      const length = Buffer.alloc(2)
      length.writeUInt16BE(this.credentialId.length)
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()))
    }
    return Buffer.concat(parts)
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false })
  }

  /** navigator.credentials.create() for `options.challenge`. */
  create(challenge: string): RegistrationResponseJSON {
    const authData = this.authenticatorData(true)
    const attestation = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** navigator.credentials.get() for `challenge`; `origin` to play a phishing site. */
  get(
    challenge: string,
    options: { origin?: string; userVerified?: boolean } = {},
  ): AuthenticationResponseJSON {
    this.counter++
    const authData = this.authenticatorData(false, options.userVerified ?? true)
    const clientDataJSON = this.clientData('webauthn.get', challenge, options.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    }
  }
}
