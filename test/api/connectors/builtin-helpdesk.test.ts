import { describeHelpdeskContract } from '../../contracts/helpdesk-contract.js';
import { createTestApp } from '../../support/test-app.js';

// The built-in help desk as the portal runs it: the app's connector on a database of its own, no demo data.
describeHelpdeskContract('built-in', async () => {
  const t = await createTestApp({ seed: false });
  return {
    helpdesk: t.app.connectors.helpdesk,
    ticketDesk: t.app.connectors.ticketDesk,
    close: () => t.close(),
  };
});
