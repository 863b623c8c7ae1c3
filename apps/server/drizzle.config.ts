import { defineConfig } from 'drizzle-kit'

// Migrations are generated from src/db/schema.ts (the barrel of every module's <module>.tables.ts) and applied at
// start for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
