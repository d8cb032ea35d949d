/**
 * Database schema (Drizzle, PostgreSQL dialect: the same tables on embedded PGlite and on a PostgreSQL
 * server), one file per area. After a change run `npm run db:generate` and commit the SQL it writes to
 * `../migrations`.
 *
 * The built-in connectors keep their own tables beside their code (`connectors/<kind>/builtin/schema.ts`);
 * drizzle.config.ts lists those files beside this folder, so one migration set covers everything.
 */
export * from './assistant.js';
export * from './auth.js';
export * from './canned-replies.js';
export * from './content-sync.js';
export * from './deflection.js';
export * from './downloads.js';
export * from './event-streams.js';
export * from './notices.js';
export * from './rate-limits.js';
export * from './search.js';
export * from './tickets.js';
