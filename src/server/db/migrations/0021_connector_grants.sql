CREATE TABLE "connector_grants" (
	"user_id" text NOT NULL,
	"vendor" text NOT NULL,
	"account_id" text NOT NULL,
	"cloud_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connector_grants_user_id_vendor_pk" PRIMARY KEY("user_id","vendor")
);
--> statement-breakpoint
ALTER TABLE "connector_grants" ADD CONSTRAINT "connector_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;