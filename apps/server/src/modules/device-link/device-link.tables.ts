// Each server instance's persistent session on an external broker.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Each server instance's persistent session on an external broker (ADR 043): the instance writes `heartbeat_at`
// every few seconds; a session whose heartbeat is older than MQTT_TAKEOVER_SECONDS belongs to an instance that
// is gone, and one survivor (the lease holder, until `lease_until`) takes it over and writes its queued share.
export const serverSessions = pgTable('server_sessions', {
  clientId: text('client_id').primaryKey(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  leaseHolder: text('lease_holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
})
