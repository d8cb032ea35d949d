CREATE TABLE "helpdesk_ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_email" text NOT NULL,
	"author_name" text NOT NULL,
	"author_type" text NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_ticket_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "tier" text DEFAULT 'Basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "priority" text DEFAULT 'P3' NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "type" text DEFAULT 'Technical query' NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "release" text;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "organisation" text;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "assignee_email" text;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "public_comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The vector now covers the public comments: dropped and added again after the column it reads (the drop
-- takes its GIN index with it, so the index is made again below).
ALTER TABLE "helpdesk_tickets" drop column "search";--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(subject, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description || ' ' || public_comments, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_search_idx" ON "helpdesk_tickets" USING gin ("search");--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_comments" ADD CONSTRAINT "helpdesk_ticket_comments_ticket_id_helpdesk_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_ticket_events" ADD CONSTRAINT "helpdesk_ticket_events_ticket_id_helpdesk_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."helpdesk_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_comments_ticket_idx" ON "helpdesk_ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_ticket_events_ticket_idx" ON "helpdesk_ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_organisation_idx" ON "helpdesk_tickets" USING btree ("organisation");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_due_idx" ON "helpdesk_tickets" USING btree ("first_response_due_at");