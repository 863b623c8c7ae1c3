CREATE TABLE "email_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_links_purpose_check" CHECK ("email_links"."purpose" in ('verify', 'change', 'undo'))
);
--> statement-breakpoint
CREATE TABLE "mail_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reauthentications" (
	"token_id" integer PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reauthentications" ADD CONSTRAINT "reauthentications_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_links_hash_unique" ON "email_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_links_user_idx" ON "email_links" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mail_requests_key_idx" ON "mail_requests" USING btree ("kind","key","created_at");