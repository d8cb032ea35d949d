CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "community_posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "docs_pages_title_trgm_idx";--> statement-breakpoint
DROP INDEX "kb_articles_title_trgm_idx";--> statement-breakpoint
DROP INDEX "helpdesk_tickets_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "tracker_issues_summary_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);