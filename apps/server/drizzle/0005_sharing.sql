CREATE TABLE "item_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject_email" text,
	"subject_access" text,
	"settings_version" integer,
	"outcome" text,
	"reason" text,
	CONSTRAINT "item_audit_outcome_check" CHECK ("item_audit"."outcome" in ('pending', 'applied', 'refused', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "item_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access" text NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_shares_access_check" CHECK ("item_shares"."access" in ('installer', 'operator', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "item_handovers" DROP CONSTRAINT "item_handovers_kind_check";--> statement-breakpoint
ALTER TABLE "item_handovers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "item_handovers" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "item_audit" ADD CONSTRAINT "item_audit_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_audit" ADD CONSTRAINT "item_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_shares" ADD CONSTRAINT "item_shares_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_shares" ADD CONSTRAINT "item_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_shares" ADD CONSTRAINT "item_shares_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_audit_item_idx" ON "item_audit" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "item_audit_pending_idx" ON "item_audit" USING btree ("item_id","settings_version") WHERE "item_audit"."outcome" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "item_shares_item_user_unique" ON "item_shares" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "item_shares_user_idx" ON "item_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_handovers_invitation_unique" ON "item_handovers" USING btree ("code_hash") WHERE "item_handovers"."kind" = 'invitation';--> statement-breakpoint
CREATE INDEX "item_handovers_email_idx" ON "item_handovers" USING btree ("email");--> statement-breakpoint
ALTER TABLE "item_handovers" ADD CONSTRAINT "item_handovers_invitation_check" CHECK ("item_handovers"."kind" <> 'invitation' or ("item_handovers"."email" is not null and "item_handovers"."access" in ('owner', 'installer', 'operator', 'viewer')));--> statement-breakpoint
ALTER TABLE "item_handovers" ADD CONSTRAINT "item_handovers_kind_check" CHECK ("item_handovers"."kind" in ('owner', 'invitation'));