CREATE TABLE "kb_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"section" text NOT NULL,
	"html_url" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "kb_articles_updated_at_idx" ON "kb_articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "kb_articles_view_count_idx" ON "kb_articles" USING btree ("view_count");