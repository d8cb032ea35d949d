import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noticeEventSchema } from '../../common/contracts/notices.js';
import { TICKET_EVENT_KINDS, type TicketEventKind } from '../services/tickets/ticket-events.js';
import type { NoticeEventKind } from '../services/notices/notice-events.js';

/** Every family's name starts with this, so the portal's series are found apart from other exporters'. */
const PREFIX = 'portal_';

/** Buckets of an HTTP answer or a search source, in seconds: from a kept page (sub-millisecond) to a deadline. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route claimed: the page render, or nothing (404), never the raw URL. */
export const PAGE_ROUTE = '(page)';
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route a request is counted under: its pattern (`/api/tickets/:id`), never the URL, so the label's values
 * stay as few as the routes. What the page fallback answered is `(page)`, a 404 `(unmatched)`.
 */
export function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  return reply.statusCode === 404 ? UNMATCHED_ROUTE : PAGE_ROUTE;
}

/** `2xx`, `4xx`, ...: the status alone would multiply the series for nothing a dashboard reads. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** One answer as the HTTP families count it. */
export interface HttpObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/** What the scrape reads at that moment; each reader answers the current state of one part of the portal. */
export interface StateReaders {
  /** Per source, its circuit breaker's state. */
  breakers(): Iterable<{ source: string; state: 'closed' | 'open' | 'half-open' }>;
  /** Per stream route, the live streams open on this instance. */
  streamsOpen(): Iterable<{ stream: string; open: number }>;
  /** The sessions not yet ended (read from the database, shared by every instance). */
  activeSessions(): Promise<number>;
  /** Per synced source, its sync state (empty when no vendor feed is configured). */
  contentSync(): Promise<ContentSyncState[]>;
}

export interface ContentSyncState {
  source: string;
  vendor: string;
  running: boolean;
  failing: boolean;
  lastSuccessAt: string | null;
  nextRunAt: string;
}

const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;

const seconds = (iso: string): number => Date.parse(iso) / 1000;

/**
 * The portal's metric families in a registry of their own: an app's, never prom-client's global one, so two
 * apps in one process (the tests) do not register a family twice. Counts and latencies are observed as they
 * happen; states (breakers, streams, sessions, content sync) are read at scrape time from `readers`, set once
 * the areas that hold them exist.
 */
export class PortalMetrics {
  readonly registry = new Registry();
  private readers: StateReaders | undefined;
  private readonly http: Histogram<'method' | 'route' | 'status_class'>;
  private readonly searchSources: Histogram<'source' | 'status'>;
  private readonly liveEvents: Counter<'stream' | 'event'>;
  private readonly noticeEvents: Counter<'kind'>;
  private readonly ticketEvents: Counter<'kind'>;

  constructor() {
    const registers = [this.registry];
    // Event-loop lag, heap, GC, handles, CPU and memory of the process (prom-client's own families).
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.http = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time to answer a request, by route pattern, method and status class; its _count is the request rate.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.searchSources = new Histogram({
      name: `${PREFIX}search_source_duration_seconds`,
      help: 'Time one search source took, by source and outcome (ok, timeout, error, reauthorize, skipped: its breaker was open).',
      labelNames: ['source', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.liveEvents = new Counter({
      name: `${PREFIX}live_events_sent_total`,
      help: 'Events written to live streams (notice and ticket changes, ready, resync), by stream route and event.',
      labelNames: ['stream', 'event'],
      registers,
    });
    this.noticeEvents = new Counter({
      name: `${PREFIX}notice_events_total`,
      help: 'Notice changes this instance announced to every instance, by kind (created, updated, deleted).',
      labelNames: ['kind'],
      registers,
    });
    this.ticketEvents = new Counter({
      name: `${PREFIX}ticket_events_total`,
      help:
        'Ticket changes this instance announced to every instance, by kind (created, commented, updated, ' +
        'attached, desk: made at the help desk itself).',
      labelNames: ['kind'],
      registers,
    });
    // Every kind from zero, so a rate is defined before the first change of a kind (the sets are fixed).
    for (const kind of noticeEventSchema.shape.action.options) this.noticeEvents.inc({ kind }, 0);
    for (const kind of TICKET_EVENT_KINDS) this.ticketEvents.inc({ kind }, 0);
    const read = (): StateReaders | undefined => this.readers;
    new Gauge({
      name: `${PREFIX}search_breaker_state`,
      help: 'Circuit breaker of each search source: 1 for the state it is in, 0 for the others.',
      labelNames: ['source', 'state'],
      registers,
      collect() {
        this.reset();
        for (const { source, state } of read()?.breakers() ?? []) {
          for (const one of BREAKER_STATES) this.set({ source, state: one }, one === state ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}live_streams_open`,
      help: 'Live event streams (server-sent events) open on this instance, by stream route.',
      labelNames: ['stream'],
      registers,
      collect() {
        this.reset();
        for (const { stream, open } of read()?.streamsOpen() ?? []) this.set({ stream }, open);
      },
    });
    new Gauge({
      name: `${PREFIX}sessions_active`,
      help: 'Sessions neither signed out nor past their idle or absolute end, on every instance together.',
      registers,
      async collect() {
        const readers = read();
        if (readers) this.set(await readers.activeSessions());
      },
    });
    const syncGauge = (name: string, help: string, value: (state: ContentSyncState) => number | null) =>
      new Gauge({
        name: `${PREFIX}content_sync_${name}`,
        help,
        labelNames: ['source', 'vendor'],
        registers,
        async collect() {
          this.reset();
          for (const state of (await read()?.contentSync()) ?? []) {
            const observed = value(state);
            if (observed !== null) this.set({ source: state.source, vendor: state.vendor }, observed);
          }
        },
      });
    syncGauge('running', 'A vendor feed sync of the source is running (on any instance).', (state) =>
      state.running ? 1 : 0,
    );
    syncGauge('failing', 'The last sync of the source failed; its last synced content stays.', (state) =>
      state.failing ? 1 : 0,
    );
    syncGauge('last_success_timestamp_seconds', 'When the last sync of the source succeeded.', (state) =>
      state.lastSuccessAt === null ? null : seconds(state.lastSuccessAt),
    );
    syncGauge('next_run_timestamp_seconds', 'When the next sync of the source is due.', (state) =>
      seconds(state.nextRunAt),
    );
  }

  /** Connects the scrape-time readers (the areas exist only after the foundation). */
  readState(readers: StateReaders): void {
    this.readers = readers;
  }

  observeHttp({ method, route, status, seconds: taken }: HttpObservation): void {
    this.http.observe({ method, route, status_class: statusClass(status) }, taken);
  }

  observeSearchSource(source: string, status: string, taken: number): void {
    this.searchSources.observe({ source, status }, taken);
  }

  liveEventSent(stream: string, event: string): void {
    this.liveEvents.inc({ stream, event });
  }

  noticeEventAnnounced(kind: NoticeEventKind): void {
    this.noticeEvents.inc({ kind });
  }

  ticketEventAnnounced(kind: TicketEventKind): void {
    this.ticketEvents.inc({ kind });
  }

  /** The Prometheus text exposition and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
