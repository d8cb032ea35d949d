import { z } from 'zod';
import proxyAddr from '@fastify/proxy-addr';
import { booleanFlag, httpUrl, positiveInt } from './env-values.js';
import {
  identityProblems,
  productionUrlProblems,
  vendorGroupProblems,
  zendeskTicketProblems,
  vendorsOn,
  vendorVariables,
  type Vendor,
} from './vendor-settings.js';

/**
 * The process environment, read once at start. Everything that differs between machines lives here; what
 * describes the product lives in the config file (`CONFIG_FILE`).
 */

/** A list proxy-addr understands (`METRICS_ALLOW_FROM`), kept as its entries; `none` is the empty list. */
const addressList = z
  .string()
  .default('loopback')
  .transform((value) => (value.trim() === 'none' ? [] : value.split(',').map((part) => part.trim())))
  .refine((list) => {
    try {
      proxyAddr.compile(list);
      return true;
    } catch {
      return false;
    }
  }, 'must be comma-separated IP addresses or CIDRs (or loopback, linklocal, uniquelocal, none)');

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

const percent = z.coerce.number().min(0).max(100);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The edge images and Postman collections the downloads offer; unset = `DATA_DIR/downloads`. */
  DOWNLOADS_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Outgoing mail (one-time sign-in codes); unset = the mail is written to the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Sender of the portal's mail; defaults to no-reply at the corporate email domain of the config. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  DEMO_DATA: booleanFlag.optional(),
  CONFIG_FILE: z.string().min(1).default('config/portal.yaml'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The address users reach the portal at (`https://support.acme.example`). Sets the origin of OAuth redirect
   * URIs and of the same-origin check, (when https) the `__Host-` Secure cookies, and of every link in mail.
   * Required in production. Unset (development, tests): the origin is taken from each request (protocol and
   * Host, or X-Forwarded-* with TRUST_PROXY), except in mail, whose links then use HOST and PORT.
   */
  PUBLIC_URL: httpUrl.transform((value) => new URL(value).origin).optional(),
  /**
   * Fastify's `trustProxy`: `true` (trust every hop), a hop count, or comma-separated addresses/CIDRs of the
   * proxies. Unset: no proxy is trusted, so X-Forwarded-* headers are ignored.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: positiveInt(24 * 60).default(60),
  SESSION_ABSOLUTE_HOURS: positiveInt(24 * 30).default(12),
  /** PGlite's buffer cache (a PostgreSQL size such as `32MB`); PGlite only. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'must be a PostgreSQL size such as 32MB')
    .default('32MB'),
  /**
   * How long an instance reuses a session it resolved (0 = ask the database every request). A logout or expiry
   * on another instance is seen here within this time; this instance's own take effect at once.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Attempts per minute and address on each sign-in, signup and code-entry call, across all instances. */
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt(100_000).optional(),
  /** Questions per minute one signed-in user may ask the assistant. */
  RATE_LIMIT_ASSISTANT_PER_MINUTE: positiveInt(10_000).default(20),
  /** Tickets per minute one signed-in user may open, whatever their priority. */
  RATE_LIMIT_TICKETS_PER_MINUTE: positiveInt(10_000).default(10),
  /**
   * P1 tickets per hour one signed-in user may open: each one pages the on-call list, so this is what stops a
   * burst from paging it again and again (one or two P1s cover a real outage).
   */
  RATE_LIMIT_P1_TICKETS_PER_HOUR: positiveInt(10_000).default(5),
  /** Replies and internal notes per minute one signed-in user may send. */
  RATE_LIMIT_COMMENTS_PER_MINUTE: positiveInt(10_000).default(30),
  /** Bulk changes of the queue (status or assignee of several tickets) per minute one agent may make. */
  RATE_LIMIT_TICKET_BULK_PER_MINUTE: positiveInt(10_000).default(10),
  /**
   * A ticket list counts the tickets its filters select up to this many, then says "more than": counting a
   * million tickets on every page costs seconds, paging them does not.
   */
  TICKET_LIST_COUNT_MAX: positiveInt(1_000_000).default(10_000),
  /** Ticket attachments per minute one signed-in user may upload. */
  RATE_LIMIT_ATTACHMENTS_PER_MINUTE: positiveInt(10_000).default(30),
  /** Download links per minute one signed-in user may request (each one is a compliance record). */
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: positiveInt(10_000).default(30),
  /** Support notice creates, updates, deletes and restores per minute one admin may make, counted together. */
  RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: positiveInt(10_000).default(30),
  RATE_LIMIT_CONTENT_SYNC_PER_MINUTE: positiveInt(1000).default(6),
  /** Canned reply creates, updates and deletes per minute one admin may make, counted together. */
  RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE: positiveInt(10_000).default(30),
  RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE: positiveInt(10_000).default(30),
  /** "Mark all as read" calls per minute one signed-in user may make (each one writes a row per notice). */
  RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE: positiveInt(10_000).default(10),
  /**
   * "Was this article helpful?" votes per minute, per signed-in user or, signed out, per client address (a
   * browser can drop its voter cookie, an address cannot be dropped so easily).
   */
  RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE: positiveInt(10_000).default(20),
  /**
   * Reports per minute one signed-in user's ticket forms may send of the articles they suggested and opened
   * (a form reports a new set of suggestions at most every second or so while the customer writes).
   */
  RATE_LIMIT_DEFLECTION_PER_MINUTE: positiveInt(10_000).default(60),
  /**
   * Where every instance counts the rate limits above (`redis://` or `rediss://`). Unset: in the database.
   * Either way the counts are shared; while the store fails, each instance counts on its own (logged).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Prefix of the portal's Redis keys, so that several portals (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'must be 1 to 100 letters, digits or : _ . -')
    .default('support-portal:'),
  /**
   * One-time sign-in codes the built-in help desk sends to one email address per window; the next request is
   * refused (429) whatever the client address or instance, and for addresses without an account alike.
   */
  SIGN_IN_CODES_PER_ADDRESS: positiveInt(1000).default(5),
  /** Wrong one-time codes one email address may get per window, across all its codes. */
  SIGN_IN_WRONG_CODES_PER_ADDRESS: positiveInt(10_000).default(10),
  /** The sliding window of the two limits above. */
  SIGN_IN_CODE_LIMIT_WINDOW_MINUTES: positiveInt(24 * 60).default(60),
  /**
   * An OpenAI-compatible chat-completions endpoint (`https://host/v1` or the whole `.../chat/completions`):
   * when set, the assistant writes a short answer from the passages it found, with numbered citations. Unset,
   * no generated text is ever shown.
   */
  ASSISTANT_LLM_URL: httpUrl.optional(),
  /** The model the endpoint runs; required with ASSISTANT_LLM_URL. */
  ASSISTANT_LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  /** The endpoint's API key (sent as a Bearer token); optional for a local model server. */
  ASSISTANT_LLM_API_KEY: z.string().min(1).max(500).optional(),
  /**
   * Longest the model may take for a whole answer; past it the passages are shown without one. Below the
   * request deadline, so a JSON answer still arrives in time.
   */
  ASSISTANT_LLM_TIMEOUT_MS: positiveInt(120_000).default(8000),
  /**
   * Vectors of the public content's passages, fused with the full-text ranking of search: `true` or `false`
   * (default: `true` when EMBEDDINGS_URL is set). The built-in embedder (Universal Sentence Encoder lite, shipped in an npm
   * package) runs on the CPU unless EMBEDDINGS_URL names an endpoint.
   */
  EMBEDDINGS: booleanFlag.optional(),
  /**
   * An OpenAI-compatible embeddings endpoint (`https://host/v1` or the whole `.../embeddings` address) that
   * computes the vectors instead of the built-in embedder.
   */
  EMBEDDINGS_URL: httpUrl.optional(),
  /** The embedding model the endpoint runs; required with EMBEDDINGS_URL. */
  EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).optional(),
  /** The endpoint's API key (sent as a Bearer token); optional for a local model server. */
  EMBEDDINGS_API_KEY: z.string().min(1).max(500).optional(),
  /** HS256 secret of the chat widget's user JWT; at least 32 characters. */
  CHAT_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Connections of the PostgreSQL pool per instance. */
  DATABASE_POOL_MAX: positiveInt(200).default(10),
  /**
   * Longest one statement may run (PostgreSQL's statement_timeout; a frozen server is given up on a little
   * later by the driver). PGlite runs statements on the server's own thread and cannot cancel one.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(600_000).default(8000),
  /** Longest a query waits for a connection: a full pool, an unreachable server, a busy PGlite. */
  DATABASE_ACQUIRE_TIMEOUT_MS: positiveInt(600_000).default(5000),
  /** A request still unanswered after this long gets a 503 (the database or a service did not answer). */
  REQUEST_DEADLINE_MS: positiveInt(600_000).default(10_000),
  /**
   * Longest pause while a request body arrives: a body that stops for this long gets a 408 and its connection
   * closes. 10 s covers a few lost packets resent (TCP waits 1 + 2 + 4 s), and no more than the headers get.
   */
  BODY_IDLE_TIMEOUT_MS: positiveInt(600_000).default(10_000),
  /**
   * The slowest a request body may arrive, as the average since it started (checked from BODY_RATE_GRACE_MS
   * on); slower gets a 408. 10 kB/s (80 kbit/s) is under any 3G or later uplink, so it cuts only a client
   * that trickles on purpose or a line that cannot carry an upload anyway; a 25 MiB file at this rate takes
   * about 44 minutes.
   */
  BODY_MIN_BYTES_PER_SECOND: positiveInt(100_000_000).default(10_000),
  /** How long a body may take before its average rate is checked: a slow start (a waking radio) is no fault. */
  BODY_RATE_GRACE_MS: positiveInt(600_000).default(10_000),
  /**
   * Live event streams (notice and ticket updates, the assistant's streamed answers) one user may hold open on
   * an instance; the next is a 429. A browser tab holds two at most (the notice bell and a ticket page): 20 is
   * ten tabs.
   */
  STREAMS_PER_USER: positiveInt(10_000).default(20),
  /**
   * Live event streams one instance holds open, all users together; the next is a 429. Each is a connection (a
   * file descriptor) and about 40 KB of memory: keep it well under the process's open-file limit.
   */
  STREAMS_PER_INSTANCE: positiveInt(1_000_000).default(2000),
  /** An idle keep-alive connection is closed after this; keep it above the load balancer's idle timeout. */
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(600_000).default(72_000),
  /** Folder of the built-in content (KB, docs, community Markdown); loaded at start. */
  CONTENT_DIR: z.string().min(1).default('./content'),
  /** Re-load the content when its files change; default on, except in tests. */
  CONTENT_WATCH: booleanFlag.optional(),
  /** How often the vendor feeds (Zendesk Help Center, GitBook, Forumbee) are synced into the content tables. */
  CONTENT_SYNC_INTERVAL_MINUTES: positiveInt(24 * 60).default(10),
  /** How long search waits for one source before reporting it as `timeout`. */
  SEARCH_SOURCE_TIMEOUT_MS: positiveInt(60_000).default(2000),
  /** Consecutive failures or timeouts of a source that open its circuit breaker. */
  SEARCH_BREAKER_FAILURES: positiveInt(1000).default(5),
  /** How long an open breaker skips its source before letting one trial search through. */
  SEARCH_BREAKER_COOLDOWN_MS: positiveInt(3_600_000).default(30_000),
  /** The reviewed synonym list of the built-in searches (YAML, `groups` of spellings). */
  SEARCH_SYNONYMS_FILE: z.string().min(1).default('config/search-synonyms.yaml'),
  /**
   * Most matches per source that are ranked. The count stops at SEARCH_COUNT_CAP (200) or here, whichever is
   * more: a higher limit costs more per search and shows counts from 200 on as "200+".
   */
  SEARCH_CANDIDATE_LIMIT: positiveInt(10_000).default(200),
  /** Memory for anonymous page renders kept per URL, the HTML and both compressed forms counted (bytes). */
  PAGE_CACHE_MAX_BYTES: positiveInt(1_073_741_824).default(33_554_432),
  /** How long a result page of a public content source (KB, docs, community) is reused (0 = never). */
  SEARCH_RESULT_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How long a source's match count is reused for the same query (0 = never). */
  SEARCH_COUNT_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Who may read `GET /metrics` by address: comma-separated IPs and CIDRs, or `loopback`, `linklocal`,
   * `uniquelocal`; `none` for nobody (the token only). The address is the client's under TRUST_PROXY.
   */
  METRICS_ALLOW_FROM: addressList,
  /** A scraper sending `Authorization: Bearer <token>` may read `/metrics` from any address. */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{24,200}$/, 'must be 24 to 200 characters without spaces')
    .optional(),
  /**
   * The browser monitoring service's agent script (session replay and sampling, the spec's observability
   * service); unset = none on any page. Its origin joins the pages' `script-src`.
   */
  BROWSER_MONITORING_SCRIPT_URL: httpsUrl.optional(),
  /** Where the agent sends what it records; its origin joins `connect-src`. */
  BROWSER_MONITORING_INGEST_URL: httpsUrl.optional(),
  /** Percent of browser sessions the agent records (the spec: 100). */
  BROWSER_MONITORING_SESSION_SAMPLE_RATE: percent.optional(),
  /** Percent of recorded sessions whose replay is kept (the spec: 100). */
  BROWSER_MONITORING_REPLAY_SAMPLE_RATE: percent.optional(),
  ...vendorVariables,
});

type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<
  RawEnv,
  | 'DEMO_DATA'
  | 'TRUST_PROXY'
  | 'RATE_LIMIT_AUTH_PER_MINUTE'
  | 'CONTENT_WATCH'
  | 'EMBEDDINGS'
  | 'OIDC_EMAILS_VERIFIED'
  | 'S3_FORCE_PATH_STYLE'
> {
  /** Whether demo content is seeded at start. */
  DEMO_DATA: boolean;
  /** Whether content/ is watched and re-loaded on change. */
  CONTENT_WATCH: boolean;
  /** Whether search fuses passage vectors with its full-text ranking. */
  EMBEDDINGS: boolean;
  /** The value handed to Fastify's `trustProxy` option. */
  TRUST_PROXY: boolean | number | string;
  RATE_LIMIT_AUTH_PER_MINUTE: number;
  /** Whether the identity provider's email addresses count as verified without `email_verified`. */
  OIDC_EMAILS_VERIFIED: boolean;
  /** Bucket in the path, not the host name; on by default with S3_ENDPOINT (S3-compatible stores want it). */
  S3_FORCE_PATH_STYLE: boolean;
  /** Which vendor adapters run: each is on when its key variable is set (`vendor-settings.ts`). */
  vendors: Readonly<Record<Vendor, boolean>>;
}

export class EnvError extends Error {
  readonly code = 'ENV_INVALID';
  constructor(readonly issues: readonly string[]) {
    super(`Invalid environment:\n  ${issues.join('\n  ')}`);
    this.name = 'EnvError';
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Rules that tie several variables together; each problem names the variable to set. `set` holds the names of
 * the variables given, since a default must not count as set.
 */
function crossChecks(env: RawEnv, set: ReadonlySet<string>): string[] {
  const problems = [
    ...vendorGroupProblems(set),
    ...zendeskTicketProblems(env, set),
    ...identityProblems(env),
  ];
  if (env.NODE_ENV === 'production') problems.push(...productionUrlProblems(env));
  if (env.ASSISTANT_LLM_URL && !env.ASSISTANT_LLM_MODEL) {
    problems.push('ASSISTANT_LLM_MODEL: required when ASSISTANT_LLM_URL is set');
  }
  if (env.BROWSER_MONITORING_INGEST_URL && !env.BROWSER_MONITORING_SCRIPT_URL) {
    problems.push('BROWSER_MONITORING_SCRIPT_URL: required when BROWSER_MONITORING_INGEST_URL is set');
  }
  if (env.EMBEDDINGS_URL && !env.EMBEDDINGS_MODEL) {
    problems.push('EMBEDDINGS_MODEL: required when EMBEDDINGS_URL is set');
  }
  // Mail is read away from the request that caused it: its links must not come from a Host header.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production: the address users reach the portal at, such as ' +
        'https://support.acme.example (links in mail are built from it)',
    );
  }
  // With Intercom on, the chat token is signed with Intercom's secret, so CHAT_JWT_SECRET is not used.
  if (env.NODE_ENV === 'production' && !env.CHAT_JWT_SECRET && !env.INTERCOM_IDENTITY_SECRET) {
    problems.push('CHAT_JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)');
  }
  return problems;
}

/**
 * Validates `source` (normally `process.env`). Throws an {@link EnvError} whose message names every bad
 * variable, so a wrong value stops the start before anything is opened.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`PORT=`) means "not set": shells and compose files produce them easily.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const set = new Set(Object.keys(present));
  const problems = crossChecks(parsed.data, set);
  if (problems.length > 0) throw new EnvError(problems);
  const {
    DEMO_DATA,
    TRUST_PROXY,
    RATE_LIMIT_AUTH_PER_MINUTE,
    CONTENT_WATCH,
    EMBEDDINGS,
    OIDC_EMAILS_VERIFIED,
    S3_FORCE_PATH_STYLE,
    ...rest
  } = parsed.data;
  const production = rest.NODE_ENV === 'production';
  return {
    ...rest,
    // Demo content must never appear in production by accident, so there it is opt-in.
    DEMO_DATA: DEMO_DATA === undefined ? !production : DEMO_DATA === 'true',
    CONTENT_WATCH: CONTENT_WATCH === undefined ? rest.NODE_ENV !== 'test' : CONTENT_WATCH === 'true',
    // Opt-in with the built-in model: on the relevance bench it has not yet beaten full text alone on the
    // held-out queries, and it costs about a minute of CPU and 100 MB (bench/README.md). An operator who names an
    // embeddings endpoint wants it.
    EMBEDDINGS: EMBEDDINGS === undefined ? rest.EMBEDDINGS_URL !== undefined : EMBEDDINGS === 'true',
    TRUST_PROXY: parseTrustProxy(TRUST_PROXY),
    // Development and test suites sign in over and over from one address; production is strict.
    RATE_LIMIT_AUTH_PER_MINUTE: RATE_LIMIT_AUTH_PER_MINUTE ?? (production ? 10 : 300),
    OIDC_EMAILS_VERIFIED: OIDC_EMAILS_VERIFIED === 'true',
    S3_FORCE_PATH_STYLE:
      S3_FORCE_PATH_STYLE === undefined ? rest.S3_ENDPOINT !== undefined : S3_FORCE_PATH_STYLE === 'true',
    vendors: vendorsOn(set),
  };
}
