import { describe, expect, it } from 'vitest';
import { restrictedImports } from './restricted-imports.js';

const BOUNDARY = "Outside src/server/connectors/ nothing imports a built-in connector's module or table";

/**
 * The connector boundary (eslint no-restricted-imports): outside src/server/connectors/ nothing knows which
 * implementation runs, so no module there imports a built-in connector's code or tables.
 */
describe('connector boundary: nothing outside connectors/ imports a built-in', () => {
  it.each([
    [
      "import { helpdeskTickets } from '../../connectors/helpdesk/builtin/schema.js';",
      'src/server/services/a.ts',
    ],
    [
      "import { x } from '../../connectors/ticket-desk/builtin/tickets.js';",
      'src/server/services/tickets/a.ts',
    ],
    [
      "import { KB_FULLTEXT } from '../connectors/knowledge-base/builtin/knowledge-base.js';",
      'src/server/ssr/a.ts',
    ],
    [
      "import type { BuiltinTracker } from '../../connectors/tracker/builtin/types.js';",
      'src/server/routes/auth/a.ts',
    ],
    ["import { x } from './connectors/storage/builtin/routes.js';", 'src/server/app.ts'],
    ["import { x } from '../../connectors/builtin-oauth/schema.js';", 'src/server/db/seed/a.ts'],
    ["import { x } from '../../connectors/docs/builtin/docs.js';", 'src/server/services/content/a.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    const messages = await restrictedImports(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(BOUNDARY);
  });

  it('still refuses a layer below routes importing a route, beside the boundary', async () => {
    const messages = await restrictedImports(
      "import { x } from '../../connectors/helpdesk/builtin/routes.js';\nimport { y } from '../../routes/auth/index.js';",
      'src/server/services/auth/a.ts',
    );
    expect(messages).toHaveLength(2);
  });

  it.each([
    [
      "import type { TicketDeskConnector } from '../../connectors/ticket-desk/types.js';",
      'src/server/services/a.ts',
    ],
    ["import { connectorRoutes } from './connectors/index.js';", 'src/server/app.ts'],
    ["import { seedDemoData } from './connectors/demo-data.js';", 'src/server/main.ts'],
    [
      "import { helpdeskUsers } from '../../helpdesk/builtin/schema.js';",
      'src/server/connectors/ticket-desk/builtin/a.ts',
    ],
    ["import { createBuiltinDocs } from './builtin/docs.js';", 'src/server/connectors/docs/index.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImports(code, filePath)).toEqual([]);
  });
});
