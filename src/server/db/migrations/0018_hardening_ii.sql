CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_object_chunks" (
	"body_id" text NOT NULL,
	"position" bigint NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "stored_object_chunks_body_id_position_pk" PRIMARY KEY("body_id","position")
);
--> statement-breakpoint
ALTER TABLE "helpdesk_tickets" ADD COLUMN "conversation" jsonb;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD COLUMN "body_id" text;--> statement-breakpoint
-- Objects stored before chunking keep their bytes: each becomes one chunk of a body of its own.
UPDATE "stored_objects" SET "body_id" = gen_random_uuid()::text;--> statement-breakpoint
INSERT INTO "stored_object_chunks" ("body_id", "position", "body") SELECT "body_id", 0, "body" FROM "stored_objects";--> statement-breakpoint
ALTER TABLE "stored_objects" ALTER COLUMN "body_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
ALTER TABLE "stored_objects" DROP COLUMN "body";