CREATE TABLE "download_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"email" text NOT NULL,
	"file_type" text NOT NULL,
	"file_name" text NOT NULL,
	"deployment_country" text,
	"deployment_address1" text,
	"deployment_address2" text,
	"deployment_state" text,
	"company_country" text,
	"company_address1" text,
	"company_address2" text,
	"company_state" text,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "download_records_created_at_idx" ON "download_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "download_records_email_idx" ON "download_records" USING btree ("email");--> statement-breakpoint
-- Uncompressed out-of-line bodies: a Range read (substring) then fetches only the chunks it needs.
ALTER TABLE "stored_objects" ALTER COLUMN "body" SET STORAGE EXTERNAL;
