import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate`): it diffs the schema against the committed snapshots and needs no
// database. Migrations are applied by the server at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
