ALTER TABLE "search_words" ADD COLUMN "items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "in_title" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "stem" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_stem_idx" ON "search_words" USING btree ("stem");
