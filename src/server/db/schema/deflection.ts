import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/**
 * One row per ticket form that showed help articles while the customer wrote (Ticket Creation or the
 * assistant's ticket form): whose it is, where it was, and the ticket it became (null while none came of it,
 * which the admin's deflection rate counts as abandoned). The form's id is made by the browser when the form
 * opens and travels with the ticket's creation.
 */
export const deflectionForms = pgTable(
  'deflection_forms',
  {
    formId: uuid('form_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `page` (/tickets/new) or `assistant` (the assistant's ticket form). */
    surface: text('surface').notNull(),
    ticketId: integer('ticket_id'),
    createdAt: createdAt(),
  },
  (table) => [index('deflection_forms_created_at_idx').on(table.createdAt)],
);

/** The articles a form showed, each once, and when the customer opened it (null: never). */
export const deflectionSuggestions = pgTable(
  'deflection_suggestions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => deflectionForms.formId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    /** The suggestion's source key (`zendesk`, `git`, `forumbee`). */
    source: text('source').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.formId, table.url] })],
);
