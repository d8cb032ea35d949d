import { describe, expect, it } from 'vitest';
import { restrictedImports } from './restricted-imports.js';

describe('server layers (eslint no-restricted-imports): nothing below routes/ imports it', () => {
  it.each([
    ["import { x } from '../routes/search/aggregator-search.js';", 'src/server/ssr/page-data.ts'],
    ["import { x } from '../../routes/tickets/refusals.js';", 'src/server/services/tickets/plugin.ts'],
    ["import { x } from '../routes/pages.js';", 'src/server/presenters/search.ts'],
    [
      "import type { X } from '../../../routes/auth/index.js';",
      'src/server/connectors/helpdesk/builtin/a.ts',
    ],
    ["import { x } from '../../src/server/routes/notices/index.js';", 'src/server/lib/a.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    const messages = await restrictedImports(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Only app.ts and routes/ import routes/');
  });

  it.each([
    ["import { x } from './routes/search/index.js';", 'src/server/app.ts'],
    ["import { x } from '../../services/tickets/tickets.js';", 'src/server/routes/tickets/a.ts'],
    ["import { x } from './refusals.js';", 'src/server/routes/tickets/a.ts'],
    ["import { x } from '../presenters/search.js';", 'src/server/ssr/page-data.ts'],
    ["import { x } from './routes.js';", 'src/server/connectors/helpdesk/builtin/helpdesk.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImports(code, filePath)).toEqual([]);
  });
});
