import {
  type DeviceAuthAclRequest,
  type DeviceAuthUserRequest,
  deviceAclAllows,
  isDeviceSerial,
} from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import { deviceCredentialsValid, sameSecret } from './device-credentials.ts'

/** The server's own broker account, from MQTT_URL; it may use every device topic. */
export type ServerAccount = { username: string; password: string } | null

export function serverAccountOf(mqttUrl: string | undefined): ServerAccount {
  if (!mqttUrl) return null
  const url = new URL(mqttUrl)
  if (!url.username) return null
  return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
}

function isServer(account: ServerAccount, username: string): boolean {
  return account !== null && username === account.username
}

/** CONNECT check asked by an external broker: the server's own account, or a verified device's credentials. */
export async function brokerUserAllowed(
  db: Database,
  account: ServerAccount,
  request: DeviceAuthUserRequest,
): Promise<boolean> {
  if (isServer(account, request.username)) return sameSecret(request.password, account?.password ?? '')
  if (!isDeviceSerial(request.username)) return false
  return deviceCredentialsValid(db, request.username, request.password)
}

/** Publish/subscribe/receive check: the server may do anything, a device only its own topics. */
export function brokerAclAllowed(account: ServerAccount, request: DeviceAuthAclRequest): boolean {
  if (isServer(account, request.username)) return true
  return deviceAclAllows(request.username, request.topic, request.acc)
}

export function brokerSuperuser(account: ServerAccount, username: string): boolean {
  return isServer(account, username)
}
