CREATE TABLE "community_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"source_path" text,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"content_hash" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(text, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "community_posts_source_path_unique" UNIQUE("source_path")
);
--> statement-breakpoint
CREATE TABLE "docs_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_path" text,
	"title" text NOT NULL,
	"domain" text NOT NULL,
	"path" text NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"content_hash" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')) STORED,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "docs_pages_source_path_unique" UNIQUE("source_path")
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "kb_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "kb_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "kb_sections_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "search_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"user_id" text,
	"role" text NOT NULL,
	"counts" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"requester_email" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(subject, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(key || ' ' || summary, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_issues_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "body_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "section_id" integer;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "user_segment_id" integer;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "source_path" text;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "kb_sections" ADD CONSTRAINT "kb_sections_category_id_kb_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."kb_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_events" ADD CONSTRAINT "search_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "community_posts_title_trgm_idx" ON "community_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "docs_pages_search_idx" ON "docs_pages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "docs_pages_title_trgm_idx" ON "docs_pages" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "kb_sections_category_id_idx" ON "kb_sections" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "search_events_created_at_idx" ON "search_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_requester_email_idx" ON "helpdesk_tickets" USING btree ("requester_email");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_search_idx" ON "helpdesk_tickets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_subject_trgm_idx" ON "helpdesk_tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracker_issues_search_idx" ON "tracker_issues" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tracker_issues_summary_trgm_idx" ON "tracker_issues" USING gin ("summary" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_section_id_kb_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."kb_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_articles_section_id_idx" ON "kb_articles" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "kb_articles_title_trgm_idx" ON "kb_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_source_path_unique" UNIQUE("source_path");