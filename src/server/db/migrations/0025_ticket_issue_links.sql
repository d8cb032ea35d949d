CREATE TABLE "ticket_issue_links" (
	"ticket_id" integer NOT NULL,
	"issue_key" text NOT NULL,
	"linked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_issue_links_ticket_id_issue_key_pk" PRIMARY KEY("ticket_id","issue_key")
);
