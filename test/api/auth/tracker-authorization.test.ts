import { describe, expect, it } from 'vitest';
import { get, signInWithPassword } from '../../support/auth-flow.js';
import { createAgent } from '../../support/factories.js';
import { useTestApp } from '../../support/use-test-app.js';

describe('the ticketing system authorization', () => {
  const t = useTestApp({ accounts: false });

  it("refuses a code issued to another agent, even one made for this browser's challenge", async () => {
    const alex = await createAgent(t.app);
    const blake = await createAgent(t.app);
    const alexBrowser = await signInWithPassword(t.app, alex.email, alex.password);
    const blakeBrowser = await signInWithPassword(t.app, blake.email, blake.password);

    // Alex starts; Blake, who saw Alex's authorization link (its challenge), has a code issued for it.
    const started = await get(alexBrowser, '/jiraAuth');
    expect(started.statusCode).toBe(302);
    const issued = await get(blakeBrowser, String(started.headers.location));
    const codeUrl = new URL(String(issued.headers.location), 'http://localhost');
    expect(codeUrl.searchParams.get('code')).toBeTruthy();

    const answer = await get(alexBrowser, `/api/jira/authenticateCode${codeUrl.search}`);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: 'The ticketing system authorized a different user.' });
  });
});
