ALTER TABLE "items" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo boilers seeded before the flag, by the rule that recognised them until now (ADR 053): a seeded demo
-- serial on one of the demo accounts.
UPDATE "items" SET "simulated" = true
WHERE "serial_number" IN ('100001', '100003', '100004')
  AND "user_id" IN (
    SELECT "id" FROM "users" WHERE "email" IN ('admin@teplo.demo', 'creator@teplo.demo', 'user@teplo.demo')
  );
