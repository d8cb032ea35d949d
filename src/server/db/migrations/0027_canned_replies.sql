CREATE TABLE "canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status_change" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_title_length" CHECK (char_length("canned_replies"."title") between 1 and 120),
	CONSTRAINT "canned_replies_body_length" CHECK (char_length("canned_replies"."body") between 1 and 5000),
	CONSTRAINT "canned_replies_status_change" CHECK ("canned_replies"."status_change" is null or "canned_replies"."status_change" in ('open', 'pending', 'solved'))
);
--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_title_key" ON "canned_replies" USING btree (lower("title"));