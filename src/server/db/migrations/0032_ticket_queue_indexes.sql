CREATE INDEX "helpdesk_tickets_updated_idx" ON "helpdesk_tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_status_updated_idx" ON "helpdesk_tickets" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_priority_updated_idx" ON "helpdesk_tickets" USING btree ("priority","updated_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_assignee_updated_idx" ON "helpdesk_tickets" USING btree ("assignee_email","updated_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_waiting_idx" ON "helpdesk_tickets" USING btree ("created_at","id") WHERE first_responded_at is null and status in ('new', 'open', 'pending', 'hold');--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_subject_trgm_idx" ON "helpdesk_tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "helpdesk_tickets_requester_email_trgm_idx" ON "helpdesk_tickets" USING gin ("requester_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "helpdesk_users_name_trgm_idx" ON "helpdesk_users" USING gin ("name" gin_trgm_ops);