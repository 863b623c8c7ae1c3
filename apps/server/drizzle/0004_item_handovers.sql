CREATE TABLE "item_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text DEFAULT 'owner' NOT NULL,
	"code_hash" text NOT NULL,
	"issued_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_handovers_kind_check" CHECK ("item_handovers"."kind" in ('owner'))
);
--> statement-breakpoint
ALTER TABLE "item_handovers" ADD CONSTRAINT "item_handovers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_handovers" ADD CONSTRAINT "item_handovers_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_handovers" ADD CONSTRAINT "item_handovers_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_handovers_item_idx" ON "item_handovers" USING btree ("item_id");