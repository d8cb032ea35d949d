-- Words that narrow a support query ("gateway down", "tunnel not up", "bgp down after upgrade") are stop words
-- of PostgreSQL's `english` configuration, which drops them from every vector and query. `portal_english` is
-- `english` with a Snowball English stemmer that keeps every word (a reduced stop-word list would need a file
-- on the server); the query side drops the words that say nothing itself (stop-words.ts). Every search vector
-- is computed anew with it: the column is dropped and added again (PostgreSQL 15 cannot change a generated
-- column's expression), kept in the row (STORAGE MAIN), with its GIN index and its statistics, which the plan
-- choice reads (common-lexemes.ts).
CREATE TEXT SEARCH DICTIONARY "portal_english_stem" (TEMPLATE = snowball, Language = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "portal_english" (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "portal_english" ALTER MAPPING REPLACE english_stem WITH "portal_english_stem";--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(subject, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(description || ' ' || public_comments, '')), 'B')) STORED, ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_search_idx" ON "helpdesk_tickets" USING gin ("search");--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" DROP COLUMN "staff_search";--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "staff_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(subject, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(description || ' ' || public_comments || ' ' || internal_notes, '')), 'B')) STORED, ALTER COLUMN "staff_search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_staff_search_idx" ON "helpdesk_tickets" USING gin ("staff_search");--> statement-breakpoint
ALTER TABLE "kb_articles" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "kb_articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(body_text, '')), 'B')) STORED, ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search");--> statement-breakpoint
ALTER TABLE "docs_pages" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "docs_pages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(body_text, '')), 'B')) STORED, ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "docs_pages_search_idx" ON "docs_pages" USING gin ("search");--> statement-breakpoint
ALTER TABLE "community_posts" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(text, '')), 'B')) STORED, ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search");--> statement-breakpoint
ALTER TABLE "tracker_issues" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "tracker_issues" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portal_english'::regconfig, coalesce(key || ' ' || summary, '')), 'A') || setweight(to_tsvector('portal_english'::regconfig, coalesce(description, '')), 'B')) STORED, ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "tracker_issues_search_idx" ON "tracker_issues" USING gin ("search");--> statement-breakpoint
ANALYZE "helpdesk_tickets";--> statement-breakpoint
ANALYZE "kb_articles";--> statement-breakpoint
ANALYZE "docs_pages";--> statement-breakpoint
ANALYZE "community_posts";--> statement-breakpoint
ANALYZE "tracker_issues";
