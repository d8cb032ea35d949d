import pg from 'pg';

/** Runs `use` on a connection to the server's maintenance database (creating and dropping test databases). */
export async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a test database; FORCE ends connections a failed test may have left open (PostgreSQL 13+). Names are
 * made by the tests from hex digits only, so quoting them as identifiers is safe.
 */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
}
