CREATE TABLE "home_assistant_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"broker_url" text NOT NULL,
	"username" text,
	"password" text,
	"discovery_prefix" text NOT NULL,
	"item_ids" integer[],
	"generation" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'connecting' NOT NULL,
	"last_error" text,
	"connected_at" timestamp with time zone,
	"published_topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_item_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_assistant_links_state_check" CHECK ("home_assistant_links"."state" in ('connecting', 'connected', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "home_assistant_links" ADD CONSTRAINT "home_assistant_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;