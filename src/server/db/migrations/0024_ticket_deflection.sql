CREATE TABLE "deflection_forms" (
	"form_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"surface" text NOT NULL,
	"ticket_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deflection_suggestions" (
	"form_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "deflection_suggestions_form_id_url_pk" PRIMARY KEY("form_id","url")
);
--> statement-breakpoint
ALTER TABLE "deflection_forms" ADD CONSTRAINT "deflection_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deflection_suggestions" ADD CONSTRAINT "deflection_suggestions_form_id_deflection_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."deflection_forms"("form_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deflection_forms_created_at_idx" ON "deflection_forms" USING btree ("created_at");