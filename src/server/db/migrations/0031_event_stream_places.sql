CREATE TABLE "event_stream_places" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_stream_places_user_idx" ON "event_stream_places" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_stream_places_expires_at_idx" ON "event_stream_places" USING btree ("expires_at");