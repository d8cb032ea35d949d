-- Keep the search vectors in the row (STORAGE MAIN: compressed in place if need be, moved to the TOAST table
-- only as a last resort) instead of the default EXTENDED, which moved the larger vectors out of line. A search
-- reads every candidate's vector three times (the match, ts_rank, the title match), each time through the
-- TOAST index for a vector out of line: on the bench's 35,000 KB articles one search of `gateway` read 1,977
-- buffers, 140 with the vectors in the row, and ran about twice as fast (bench/README.md, "Last measured
-- (search)"). Changing the storage is instant; rows take it when next written (a content load, an edit).
ALTER TABLE "kb_articles" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "docs_pages" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "community_posts" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ALTER COLUMN "staff_search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "tracker_issues" ALTER COLUMN "search" SET STORAGE MAIN;
