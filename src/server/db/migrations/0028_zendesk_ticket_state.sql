CREATE TABLE "zendesk_ticket_state" (
	"ticket_id" bigint PRIMARY KEY NOT NULL,
	"organisation" text,
	"tier" text,
	"first_response_due_at" timestamp with time zone,
	"first_responded_at" timestamp with time zone,
	"last_agent_reply_at" timestamp with time zone,
	"conversation_id" text,
	"conversation" jsonb,
	"opened_at" timestamp with time zone NOT NULL
);
