import { type DeviceChannel, topicFor } from '@teplo/domain'
import { and, eq, gt, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { items } from '../items/items.tables.ts'
import { appSettings } from '../two-factor/two-factor.tables.ts'
import { deviceRoleName } from './dynamic-security.ts'
import { publicBrokerUrl } from './external-broker.ts'

/**
 * What each device role on a broker with dynamic security gained after the first release (ADR 063): a role lists
 * its device's publish topics one by one, so a channel added later is refused to the devices paired before it
 * until their roles learn it. New pairings get every channel (deviceRoleAcls).
 */
export const DEVICE_ROLE_REVISIONS: readonly { revision: number; publishes: readonly DeviceChannel[] }[] = [
  { revision: 2, publishes: ['capabilities'] },
]

export const DEVICE_ROLE_REVISION = Math.max(1, ...DEVICE_ROLE_REVISIONS.map((r) => r.revision))

/** Roles changed per command message: Mosquitto saves its dynsec file after each message. */
const ROLES_PER_MESSAGE = 100

type Runner = {
  run(commands: { command: string; [field: string]: unknown }[], tolerated?: RegExp): Promise<unknown>
}

/** The app_settings key recording up to which revision the roles on one broker were brought. */
export const roleRevisionKey = (brokerUrl: string) => {
  const url = new URL(publicBrokerUrl(brokerUrl))
  return `device_role_revision:${url.host}`
}

/** The ACL commands bringing one device's role from `from` to the current revision. */
export function roleUpgradeCommands(serial: string, from: number) {
  const rolename = deviceRoleName(serial)
  return DEVICE_ROLE_REVISIONS.filter((r) => r.revision > from).flatMap((r) =>
    r.publishes.map((channel) => ({
      command: 'addRoleACL',
      rolename,
      acltype: 'publishClientSend',
      topic: topicFor(serial, channel),
      allow: true,
    })),
  )
}

/**
 * Brings every paired device's role up to DEVICE_ROLE_REVISION once per broker: the missing ACLs are added in
 * batches (an ACL that is already there counts as added, so an interrupted upgrade simply runs again), then the
 * revision is noted. Returns the number of roles changed; throws when the broker does not take a batch (the
 * caller tries again later; nothing is noted until every batch went through).
 */
export async function upgradeDeviceRoles(
  db: Database,
  access: Runner,
  brokerUrl: string,
  log: FastifyBaseLogger,
): Promise<number> {
  const key = roleRevisionKey(brokerUrl)
  const [noted] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
  const from = typeof noted?.value === 'number' ? noted.value : 1
  if (from >= DEVICE_ROLE_REVISION) return 0
  let changed = 0
  let lastId = 0
  for (;;) {
    const page = await db
      .select({ id: items.id, serial: items.serialNumber })
      .from(items)
      .where(and(isNotNull(items.deviceSecretHash), gt(items.id, lastId)))
      .orderBy(items.id)
      .limit(ROLES_PER_MESSAGE)
    if (page.length === 0) break
    lastId = page[page.length - 1]!.id
    const commands = page.flatMap((row) => roleUpgradeCommands(row.serial, from))
    // A role that is missing (a device paired before the broker had dynamic security) has nothing to upgrade.
    await access.run(commands, /already exists|not found/i)
    changed += page.length
  }
  await db
    .insert(appSettings)
    .values({ key, value: DEVICE_ROLE_REVISION })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: DEVICE_ROLE_REVISION, updatedAt: new Date() },
    })
  log.info({ roles: changed, revision: DEVICE_ROLE_REVISION }, 'device link: device roles brought up to date')
  return changed
}
