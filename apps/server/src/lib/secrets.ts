import { createHash, randomBytes } from 'node:crypto'

export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

// Unambiguous characters only: the code is read off a screen and typed on a controller's keypad.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export function verificationCode(length = 4): string {
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
}
