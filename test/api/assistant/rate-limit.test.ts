import { expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { callerOf, postAs, refusal } from '../../support/callers.js';
import { useTestApp } from '../../support/use-test-app.js';

/** The assistant's questions are limited per signed-in user, not per address. */

const t = useTestApp({ seed: false, env: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '3' } });

it('answers 429 JSON once a user has asked the limit in a minute, and not to another user', async () => {
  const first = await callerOf(t.app, 'customer');
  const second = await callerOf(t.app, 'agent');
  const ask = (caller: typeof first) =>
    postAs(t.app, caller, apiPaths.assistant.messages, { text: 'Where is my Controller ID?' });
  for (let question = 0; question < 3; question += 1) expect((await ask(first)).statusCode).toBe(200);
  const refused = await ask(first);
  expect(refusal(refused, 429)).toMatch(/too many questions/i);
  expect(refused.headers['retry-after']).toBeDefined();
  // Same address (inject's), another user: their own count.
  expect((await ask(second)).statusCode).toBe(200);
});
