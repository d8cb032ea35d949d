import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate`): it diffs the schema against the committed snapshots and needs no
// database. Migrations are applied by the server at start (src/server/db/migrate.ts). The portal's tables are
// the folder src/server/db/schema/ (one file per area); built-in connectors keep theirs beside their code, so
// their schema files are listed too.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema',
    './src/server/connectors/helpdesk/builtin/schema.ts',
    './src/server/connectors/knowledge-base/builtin/schema.ts',
    './src/server/connectors/docs/builtin/schema.ts',
    './src/server/connectors/community/builtin/schema.ts',
    './src/server/connectors/tracker/builtin/schema.ts',
    './src/server/connectors/storage/builtin/schema.ts',
    './src/server/connectors/builtin-oauth/schema.ts',
    './src/server/connectors/tracker/jira/schema.ts',
    './src/server/connectors/ticket-desk/zendesk/schema.ts',
  ],
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
