DROP TABLE "helpdesk_auth_codes" CASCADE;--> statement-breakpoint
DROP TABLE "tracker_auth_codes" CASCADE;