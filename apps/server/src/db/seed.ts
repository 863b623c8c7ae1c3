import { DEMO_ACCOUNTS } from '@teplo/domain'
import { count, sql } from 'drizzle-orm'
import { hashPassword } from '../lib/passwords.ts'
import { verificationCode } from '../lib/secrets.ts'
import type { Database } from './client.ts'
import { categories, items, roles, userRoles, users } from './schema.ts'

// Device types every installation starts with (an administrator edits them); not demo data.
const DEFAULT_CATEGORIES = [
  { name: 'Пелетний котел', description: 'Котел з пелетним пальником і автоматикою' },
  { name: 'Пелетний пальник', description: 'Пальник для встановлення в наявний котел' },
  { name: 'Твердопаливний котел', description: 'Котел на дровах або брикетах з контролером' },
]

// Instances started together on a new database: one seeds, the others wait for its commit and find it seeded.
const SEED_LOCK = 7_303_002

/**
 * Runs on first start only: an empty roles table means a fresh database. Roles and device types always; the demo
 * accounts (published passwords) and their boilers only on a demo installation (DEMO, ADR 044).
 */
export async function seedIfEmpty(db: Database, options: { demo: boolean }): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(roles)
  if ((row?.n ?? 0) > 0) return false
  const hashes = options.demo
    ? await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)))
    : []
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [again] = await tx.select({ n: count() }).from(roles)
    if ((again?.n ?? 0) > 0) return false
    const roleRows = await tx
      .insert(roles)
      .values([{ name: 'admin' }, { name: 'creator' }, { name: 'user' }])
      .returning({ id: roles.id, name: roles.name })
    const roleId = new Map(roleRows.map((r) => [r.name, r.id]))
    const categoryRows = await tx
      .insert(categories)
      .values(DEFAULT_CATEGORIES)
      .returning({ id: categories.id })
    if (!options.demo) return true
    // The installation's own demo addresses have no mailbox to prove: seeded as verified (ADR 034).
    const userRows = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          name: a.name,
          email: a.email,
          passwordHash: hashes[i]!,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email, name: users.name })
    await tx
      .insert(userRoles)
      .values(DEMO_ACCOUNTS.map((a, i) => ({ userId: userRows[i]!.id, roleId: roleId.get(a.role)! })))
    const byRole = new Map(DEMO_ACCOUNTS.map((a, i) => [a.role, userRows[i]!]))
    const admin = byRole.get('admin')!
    const creator = byRole.get('creator')!
    const owner = byRole.get('user')!
    const boiler = categoryRows[0]!.id
    // Not connected until their controllers (or the simulator) report in, so their live values stay empty. House
    // boilers of 15–30 kW (the registry's factory 100 kW is the controller's, not a house's). The verified ones are
    // simulated: the server's demo boilers drive them (ADR 053); 100002 stays pending so that pairing can be tried
    // by hand.
    await tx.insert(items).values(
      [
        {
          userId: admin.id,
          categoryId: boiler,
          name: 'Котел вдома',
          owner: admin.name,
          serialNumber: '100001',
          simulated: true,
          burnerPowerSet: 25,
          description: 'Київ, вул. Січових Стрільців, 1',
          status: 'connecting',
          isOnHomepage: true,
        },
        {
          userId: admin.id,
          categoryId: boiler,
          name: 'Котел на дачі',
          owner: admin.name,
          serialNumber: '100002',
          burnerPowerSet: 15,
          description: 'Ірпінь, вул. Садова, 12',
          status: 'pending',
          verificationToken: verificationCode(),
        },
        {
          userId: owner.id,
          categoryId: boiler,
          name: 'Мій котел',
          owner: owner.name,
          serialNumber: '100003',
          simulated: true,
          burnerPowerSet: 20,
          description: 'Львів, вул. Зелена, 5',
          status: 'connecting',
          isOnHomepage: true,
        },
        {
          userId: creator.id,
          categoryId: categoryRows[1]!.id,
          name: 'Стенд монтажника',
          owner: creator.name,
          serialNumber: '100004',
          simulated: true,
          burnerPowerSet: 30,
          description: 'Склад, Вінниця',
          status: 'connecting',
        },
      ].map((item) => ({ ...item, excerpt: item.description })),
    )
    return true
  })
}
