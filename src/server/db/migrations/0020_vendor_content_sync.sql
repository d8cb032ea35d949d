CREATE TABLE "content_sync_state" (
	"source" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"cursor" text,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_full_at" timestamp with time zone,
	"last_error" text,
	"written" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kb_articles" ALTER COLUMN "user_segment_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "docs_pages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "kb_categories" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "kb_sections" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "docs_pages" ADD CONSTRAINT "docs_pages_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "kb_categories" ADD CONSTRAINT "kb_categories_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "kb_sections" ADD CONSTRAINT "kb_sections_external_id_unique" UNIQUE("external_id");