import { and, count, countDistinct, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DeflectionEvent, DeflectionReport } from '../../../common/contracts/deflection.js';
import type { Database } from '../../db/client.js';
import { deflectionForms, deflectionSuggestions } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';

/** The most articles one form records: a customer rewriting a subject for an hour still fills one page. */
export const MAX_RECORDED_PER_FORM = 60;
const TOP_OPENED_LIMIT = 10;

/** The form of `formId`, made the user's on its first event; another user's form is refused. */
async function ownForm(db: Database, userId: string, event: DeflectionEvent): Promise<void> {
  const inserted = await db
    .insert(deflectionForms)
    .values({ formId: event.formId, userId, surface: event.surface })
    .onConflictDoNothing()
    .returning({ userId: deflectionForms.userId });
  if (inserted.length > 0) return;
  const [form] = await db
    .select({ userId: deflectionForms.userId })
    .from(deflectionForms)
    .where(eq(deflectionForms.formId, event.formId));
  if (form?.userId !== userId) throw new ServiceError('CONFLICT', 'This form id belongs to another form.');
}

/**
 * Records what a ticket form showed (each article once per form) or that the customer opened one of its
 * articles (recorded as shown too, in case the `shown` report is still on its way).
 */
export async function recordDeflectionEvent(
  db: Database,
  userId: string,
  event: DeflectionEvent,
): Promise<void> {
  await ownForm(db, userId, event);
  const [recorded] = await db
    .select({ count: count() })
    .from(deflectionSuggestions)
    .where(eq(deflectionSuggestions.formId, event.formId));
  const room = MAX_RECORDED_PER_FORM - (recorded?.count ?? 0);
  if (event.event === 'shown') {
    if (room <= 0) return;
    await db
      .insert(deflectionSuggestions)
      .values(event.suggestions.slice(0, room).map((item) => ({ formId: event.formId, ...item })))
      .onConflictDoNothing();
    return;
  }
  const opened = new Date();
  if (room <= 0) {
    await db
      .update(deflectionSuggestions)
      .set({ openedAt: opened })
      .where(
        and(
          eq(deflectionSuggestions.formId, event.formId),
          eq(deflectionSuggestions.url, event.suggestion.url),
        ),
      );
    return;
  }
  await db
    .insert(deflectionSuggestions)
    .values({ formId: event.formId, ...event.suggestion, openedAt: opened })
    .onConflictDoUpdate({
      target: [deflectionSuggestions.formId, deflectionSuggestions.url],
      set: { openedAt: opened },
    });
}

/**
 * The ticket a form became: its suggestions are then the ticket's. Only the user's own form that has no
 * ticket yet; a form that never showed an article has no row, and nothing is recorded for it.
 */
export async function linkDeflectionTicket(
  db: Database,
  userId: string,
  formId: string,
  ticketId: number,
): Promise<void> {
  await db
    .update(deflectionForms)
    .set({ ticketId })
    .where(
      and(
        eq(deflectionForms.formId, formId),
        eq(deflectionForms.userId, userId),
        isNull(deflectionForms.ticketId),
      ),
    );
}

/** What one ticket's form suggested and whether the customer opened each (empty when it suggested nothing). */
export async function ticketDeflection(db: Database, ticketId: number) {
  return db
    .select({
      url: deflectionSuggestions.url,
      title: deflectionSuggestions.title,
      source: deflectionSuggestions.source,
      openedAt: deflectionSuggestions.openedAt,
    })
    .from(deflectionSuggestions)
    .innerJoin(deflectionForms, eq(deflectionForms.formId, deflectionSuggestions.formId))
    .where(eq(deflectionForms.ticketId, ticketId))
    .orderBy(deflectionSuggestions.shownAt, deflectionSuggestions.url);
}

/** The deflection figures of the forms opened in [from, to). */
export async function deflectionReport(
  db: Database,
  period: { from: Date; to: Date },
): Promise<DeflectionReport> {
  const inPeriod = and(gte(deflectionForms.createdAt, period.from), lt(deflectionForms.createdAt, period.to));
  const opened = db
    .selectDistinct({ formId: deflectionSuggestions.formId })
    .from(deflectionSuggestions)
    .where(isNotNull(deflectionSuggestions.openedAt))
    .as('opened');
  const [totals] = await db
    .select({
      forms: count(),
      withOpened: count(opened.formId),
      tickets: count(deflectionForms.ticketId),
      abandonedAfterOpened:
        sql<number>`count(*) filter (where ${opened.formId} is not null and ${deflectionForms.ticketId} is null)`.mapWith(
          Number,
        ),
    })
    .from(deflectionForms)
    .leftJoin(opened, eq(opened.formId, deflectionForms.formId))
    .where(inPeriod);
  const top = await db
    .select({
      url: deflectionSuggestions.url,
      title: sql<string>`max(${deflectionSuggestions.title})`,
      source: sql<string>`max(${deflectionSuggestions.source})`,
      opens: countDistinct(deflectionSuggestions.formId),
    })
    .from(deflectionSuggestions)
    .innerJoin(deflectionForms, eq(deflectionForms.formId, deflectionSuggestions.formId))
    .where(and(inPeriod, isNotNull(deflectionSuggestions.openedAt)))
    .groupBy(deflectionSuggestions.url)
    .orderBy(desc(countDistinct(deflectionSuggestions.formId)), deflectionSuggestions.url)
    .limit(TOP_OPENED_LIMIT);
  const forms = totals?.forms ?? 0;
  const abandoned = totals?.abandonedAfterOpened ?? 0;
  return {
    formsWithSuggestions: forms,
    formsWithOpened: totals?.withOpened ?? 0,
    ticketsCreated: totals?.tickets ?? 0,
    abandonedAfterOpened: abandoned,
    rate: forms === 0 ? 0 : abandoned / forms,
    topOpened: top,
  };
}
