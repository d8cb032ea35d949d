import Fastify, { type FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/common/contracts/auth.js';
import { ACTIONS, policies, type Action } from '../../src/common/policies.js';
import { registerErrorHandler } from '../../src/server/plugins/error-handler.js';
import { authorize } from '../../src/server/plugins/guards.js';
import type { PortalUser } from '../../src/server/services/auth/users.js';
import { serverSessionState } from '../../src/web/lib/session/session-store.js';
import { useCan } from '../../src/web/lib/session/use-can.js';
import { ServerSessionContext } from '../../src/web/lib/session/use-session.js';

/**
 * The web's `useCan(action)` and the server's `authorize(action)` give the same answer for every action and
 * every kind of user: what the web shows is what the API lets through. The web side renders a component that
 * asks `useCan` with the session a server render hands over; the server side sends a request through the guard
 * and the error handler of the API.
 */

type Who = Pick<SessionUser, 'role' | 'userType' | 'allowDownload'>;

const people: Record<string, Who | null> = {
  'signed out': null,
  customer: { role: 'customer', userType: 'customer', allowDownload: true },
  'customer without downloads': { role: 'customer', userType: 'customer', allowDownload: false },
  agent: { role: 'agent', userType: 'agent', allowDownload: true },
  'agent without downloads': { role: 'agent', userType: 'agent', allowDownload: false },
  admin: { role: 'admin', userType: 'agent', allowDownload: true },
};

function sessionUser(who: Who): SessionUser {
  return {
    id: `u-${who.role}`,
    name: 'Pat',
    email: `${who.role}@example.com`,
    authLevel: who.userType === 'agent' ? 'azureAD' : 'zendesk',
    trackerAuthorized: false,
    createdAt: '2025-01-02T03:04:05.000Z',
    ...who,
  };
}

function portalUser(who: Who): PortalUser {
  return {
    id: `u-${who.role}`,
    name: 'Pat',
    email: `${who.role}@example.com`,
    providedId: null,
    createdAt: new Date('2025-01-02T03:04:05.000Z'),
    ...who,
  };
}

function Probe({ action }: { action: Action }) {
  return createElement('li', { 'data-action': action }, useCan(action) ? 'yes' : 'no');
}

/** What the web shows `who`, action by action: a page rendered with their session, as the server renders it. */
function webAnswers(who: Who | null): Record<Action, boolean> {
  const html = renderToString(
    createElement(
      ServerSessionContext.Provider,
      { value: serverSessionState(who ? sessionUser(who) : null) },
      ACTIONS.map((action) => createElement(Probe, { action, key: action })),
    ),
  );
  const answers = [...html.matchAll(/data-action="(\w+)">(yes|no)</g)];
  expect(answers).toHaveLength(ACTIONS.length);
  return Object.fromEntries(answers.map(([, action, answer]) => [action, answer === 'yes'])) as Record<
    Action,
    boolean
  >;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  // The signed-in user of the request, as plugins/sessions.ts resolves it before any route's guard.
  app.addHook('onRequest', async (request) => {
    const who = request.headers['x-who'];
    const person = typeof who === 'string' ? people[who] : null;
    request.user = person ? portalUser(person) : null;
  });
  for (const action of ACTIONS) {
    app.get(`/${action}`, { onRequest: authorize(action) }, async () => ({ ok: true }));
  }
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('useCan and authorize agree', () => {
  it.each(Object.entries(people))('for %s, on every action', async (name, who) => {
    const shown = webAnswers(who);
    for (const action of ACTIONS) {
      const response = await app.inject({ method: 'GET', url: `/${action}`, headers: { 'x-who': name } });
      const context = `${name} / ${action}`;
      if (shown[action]) {
        expect(response.statusCode, context).toBe(200);
        continue;
      }
      expect(response.statusCode, context).toBe(who ? 403 : 401);
      expect(response.json().message, context).toBe(
        who ? policies[action].forbidden : policies[action].signedOut,
      );
    }
  });

  it('covers allowed and refused answers on both sides', async () => {
    // Every action is allowed to someone, and every action but public search is refused to someone, so the
    // table above compares both branches of each rule.
    const answers = Object.values(people).map(webAnswers);
    for (const action of ACTIONS) {
      expect(
        answers.some((row) => row[action]),
        action,
      ).toBe(true);
      if (action !== 'searchPublicContent')
        expect(
          answers.some((row) => !row[action]),
          action,
        ).toBe(true);
    }
  });
});
