import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

/**
 * The connector boundary for raw SQL: outside src/server/connectors/ no module names a built-in connector's
 * table in a statement (an import of the table is the eslint rule's, see connector-boundary.test.ts). The
 * table names are read from the built-ins' schema files, so a new built-in table is covered without a change.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');
const connectorsDir = path.join(serverDir, 'connectors');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function builtinTableNames(): Promise<string[]> {
  const schemas = (await filesUnder(connectorsDir)).filter((file) =>
    /\/(builtin[^/]*\/(.*\/)?schema|builtin-[a-z]+\/schema)\.ts$/.test(file),
  );
  const names: string[] = [];
  for (const file of schemas) {
    const module: Record<string, unknown> = await import(file);
    for (const value of Object.values(module)) if (isTable(value)) names.push(getTableName(value));
  }
  return names;
}

/** The built-in table names a source mentions as whole words (`kb_articles`, not `kb_articles_idx`). */
function namedTables(source: string, tables: readonly string[]): string[] {
  return tables.filter((table) => new RegExp(`(?<![\\w])${table}(?![\\w])`).test(source));
}

describe('connector boundary: no SQL outside connectors/ names a built-in table', () => {
  it('the built-ins own their content, account, tracker and file tables', async () => {
    expect(await builtinTableNames()).toEqual(
      expect.arrayContaining([
        'kb_articles',
        'article_votes',
        'docs_pages',
        'community_posts',
        'stored_objects',
      ]),
    );
  });

  it('finds a planted statement, and not a longer name', () => {
    expect(namedTables('sql`update kb_articles set view_count = 1`', ['kb_articles'])).toEqual([
      'kb_articles',
    ]);
    expect(namedTables("index('kb_articles_search_idx')", ['kb_articles'])).toEqual([]);
  });

  it('holds for every server module outside connectors/ and the migrations', async () => {
    const tables = await builtinTableNames();
    const offenders: string[] = [];
    for (const file of await filesUnder(serverDir)) {
      if (file.startsWith(connectorsDir) || file.includes('/db/migrations/')) continue;
      const named = namedTables(await readFile(file, 'utf8'), tables);
      if (named.length > 0) offenders.push(`${path.relative(root, file)}: ${named.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
