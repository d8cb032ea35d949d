CREATE TABLE "search_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"source" text NOT NULL,
	"rank" integer NOT NULL,
	"url" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_events" ADD COLUMN "corrected_to" text;--> statement-breakpoint
ALTER TABLE "search_events" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_clicks" ADD CONSTRAINT "search_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_clicks_created_at_idx" ON "search_clicks" USING btree ("created_at");