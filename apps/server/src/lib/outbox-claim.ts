import { type SQL, sql } from 'drizzle-orm'

/**
 * The claim of an outbox round (mail, alarm notifications, webhook deliveries): the due pending rows not leased by
 * another instance, oldest due first, taken with `FOR UPDATE SKIP LOCKED` so that two instances never take the same
 * row, leased for `leaseSeconds` and counted as an attempt. A `with` clause ending in `taken` (the claimed rows as
 * `returning` names them, the table aliased `o`); the caller selects from `taken`, joining what it needs.
 */
export function claimDueRows(options: {
  table: 'mail_outbox' | 'notification_outbox' | 'webhook_deliveries'
  batch: number
  leaseSeconds: number
  returning: SQL
}): SQL {
  const table = sql.raw(options.table)
  return sql`
    with due as (
      select id from ${table}
      where state = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${options.batch}
      for update skip locked
    ), taken as (
      update ${table} o
      set locked_until = now() + make_interval(secs => ${options.leaseSeconds}), attempts = o.attempts + 1
      from due where o.id = due.id
      returning ${options.returning}
    )`
}
