import { describe, expect, it } from 'vitest';
import { can, policies, type Action, type Actor } from './policies.js';

const customer: Actor = { role: 'customer', userType: 'customer', allowDownload: true };
const customerNoDownload: Actor = { role: 'customer', userType: 'customer', allowDownload: false };
const agent: Actor = { role: 'agent', userType: 'agent', allowDownload: true };
const admin: Actor = { role: 'admin', userType: 'agent', allowDownload: true };

const actors = { visitor: null, customer, customerNoDownload, agent, admin } as const;
type ActorName = keyof typeof actors;

/** Role x action: who may (true) and who may not (false). Spec sections 2 and 6, and the brief. */
const matrix: Record<Action, Record<ActorName, boolean>> = {
  searchPublicContent: { visitor: true, customer: true, customerNoDownload: true, agent: true, admin: true },
  readProtectedArticles: {
    visitor: false,
    customer: true,
    customerNoDownload: true,
    agent: true,
    admin: true,
  },
  searchRequests: { visitor: false, customer: true, customerNoDownload: true, agent: false, admin: false },
  searchTickets: { visitor: false, customer: false, customerNoDownload: false, agent: true, admin: true },
  openAgentConsole: { visitor: false, customer: false, customerNoDownload: false, agent: true, admin: true },
  createTicket: { visitor: false, customer: true, customerNoDownload: true, agent: false, admin: false },
  download: { visitor: false, customer: true, customerNoDownload: false, agent: true, admin: true },
  useChat: { visitor: false, customer: true, customerNoDownload: true, agent: true, admin: true },
  readNotices: { visitor: false, customer: true, customerNoDownload: true, agent: true, admin: true },
  manageNotices: { visitor: false, customer: false, customerNoDownload: false, agent: false, admin: true },
  readSeenBy: { visitor: false, customer: false, customerNoDownload: false, agent: false, admin: true },
  readSearchAnalytics: {
    visitor: false,
    customer: false,
    customerNoDownload: false,
    agent: false,
    admin: true,
  },
  manageContentSync: {
    visitor: false,
    customer: false,
    customerNoDownload: false,
    agent: false,
    admin: true,
  },
  manageCannedReplies: {
    visitor: false,
    customer: false,
    customerNoDownload: false,
    agent: false,
    admin: true,
  },
  useCannedReplies: { visitor: false, customer: false, customerNoDownload: false, agent: true, admin: true },
  readTickets: { visitor: false, customer: true, customerNoDownload: true, agent: true, admin: true },
  readDownloadRecords: {
    visitor: false,
    customer: false,
    customerNoDownload: false,
    agent: false,
    admin: true,
  },
};

describe('policies (role x action)', () => {
  it('the matrix covers every action', () => {
    expect(Object.keys(matrix).sort()).toEqual(Object.keys(policies).sort());
  });

  const cases = (Object.entries(matrix) as [Action, Record<ActorName, boolean>][]).flatMap(([action, row]) =>
    (Object.entries(row) as [ActorName, boolean][]).map(
      ([name, allowed]) => [name, action, allowed] as const,
    ),
  );
  it.each(cases)('%s may %s: %s', (name, action, allowed) => {
    expect(can(actors[name], action)).toBe(allowed);
  });

  it.each(Object.entries(policies))('%s has both refusal sentences', (_action, policy) => {
    expect(policy.signedOut).toMatch(/\S.*\.$/);
    expect(policy.forbidden).toMatch(/\S.*\.$/);
  });
});
