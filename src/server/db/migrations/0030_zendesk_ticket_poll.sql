CREATE TABLE "zendesk_ticket_poll" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
