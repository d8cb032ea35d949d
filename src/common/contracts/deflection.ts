import { z } from 'zod';
import { DEFLECTION_SURFACES, MAX_TICKET_SUGGESTIONS } from '../deflection.js';
import { SUGGESTION_SOURCES } from '../search-sources.js';
import { storableText } from './text.js';

/**
 * Deflection: the help articles a ticket form suggests while the customer writes, what it showed, what was
 * opened, and the admin's figures of it.
 *
 *   POST /api/tickets/deflection  DeflectionEvent -> 204   (customers who may open tickets)
 *   in GET /api/admin/search-analytics: `deflection`      (admins)
 */

const suggestionSchema = z
  .object({
    source: z.enum(SUGGESTION_SOURCES),
    title: storableText().trim().min(1).max(300),
    // The admin's analytics link to it: a page of the portal or an http(s) address, never a script.
    url: storableText()
      .trim()
      .min(1)
      .max(2000)
      .refine(
        (url) => /^\/(?![/\\])/.test(url) || /^https?:\/\/[^/\\]/i.test(url),
        'must be a path of the portal or an http(s) address',
      ),
  })
  .strict();
export type DeflectionSuggestion = z.infer<typeof suggestionSchema>;

const formFields = {
  /** Made by the browser when the form opens; the ticket's creation names it (`deflectionId`). */
  formId: z.uuid('must be the id of the ticket form'),
  surface: z.enum(DEFLECTION_SURFACES),
};

/** `shown`: articles the form put on screen; `opened`: the one the customer opened. */
export const deflectionEventSchema = z.discriminatedUnion('event', [
  z
    .object({
      ...formFields,
      event: z.literal('shown'),
      suggestions: z.array(suggestionSchema).min(1).max(MAX_TICKET_SUGGESTIONS),
    })
    .strict(),
  z.object({ ...formFields, event: z.literal('opened'), suggestion: suggestionSchema }).strict(),
]);
export type DeflectionEvent = z.infer<typeof deflectionEventSchema>;

const count = z.number().int().nonnegative();

/**
 * The deflection figures of a period, over the ticket forms that showed articles in it. A form none of whose
 * drafts became a ticket counts as abandoned; `rate` is the share of forms abandoned after an article was
 * opened (0 to 1).
 */
export const deflectionReportSchema = z.object({
  formsWithSuggestions: count,
  formsWithOpened: count,
  ticketsCreated: count,
  abandonedAfterOpened: count,
  rate: z.number().min(0).max(1),
  /** The articles opened most often from a ticket form. */
  topOpened: z.array(z.object({ url: z.string(), title: z.string(), source: z.string(), opens: count })),
});
export type DeflectionReport = z.infer<typeof deflectionReportSchema>;
