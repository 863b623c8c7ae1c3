// Every table of the database, one object for drizzle-kit (drizzle.config.ts generates the migrations from it)
// and for the database client (db/client.ts). Each table lives in the module that owns it,
// modules/<module>/<module>.tables.ts; a module's code imports its own tables file (and another module's where it
// reads that module's tables), this file only gathers them.

export * from '../modules/account-email/account-email.tables.ts'
export * from '../modules/alarms/alarms.tables.ts'
export * from '../modules/audit/audit.tables.ts'
export * from '../modules/auth/auth.tables.ts'
export * from '../modules/categories/categories.tables.ts'
export * from '../modules/device-link/device-link.tables.ts'
export * from '../modules/firmware/firmware.tables.ts'
export * from '../modules/help-requests/help-requests.tables.ts'
export * from '../modules/history/history.tables.ts'
export * from '../modules/item-errors/item-errors.tables.ts'
export * from '../modules/items/items.tables.ts'
export * from '../modules/live/live.tables.ts'
export * from '../modules/mail-caps/mail-caps.tables.ts'
export * from '../modules/mail-outbox/mail-outbox.tables.ts'
export * from '../modules/pellets/pellets.tables.ts'
export * from '../modules/push/push.tables.ts'
export * from '../modules/roles/roles.tables.ts'
export * from '../modules/setup/setup.tables.ts'
export * from '../modules/sharing/sharing.tables.ts'
export * from '../modules/tags/tags.tables.ts'
export * from '../modules/two-factor/two-factor.tables.ts'
export * from '../modules/users/users.tables.ts'
