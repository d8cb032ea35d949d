import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time every table of the portal keeps. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
