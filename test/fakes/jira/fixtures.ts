/**
 * The Jira fake's sites and issues. Two sites, the searched one listed second by accessible-resources, so an
 * adapter that takes the first site reads the wrong issues. Descriptions are Atlassian Document Format trees,
 * as the v3 API answers them (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/).
 */

export const JIRA_FAKE_CLIENT_ID = 'fake-jira-client';
export const JIRA_FAKE_CLIENT_SECRET = 'fake-jira-secret-0123456789';
/** The JQL scope the fixtures are written for (the portal's JIRA_JQL_SCOPE). */
export const JIRA_FAKE_SCOPE = 'project in (NET, EDGE)';

export interface FakeSite {
  id: string;
  url: string;
  name: string;
}

export const SEARCHED_SITE: FakeSite = {
  id: '11111111-aaaa-4bbb-8ccc-000000000001',
  url: 'https://acme.atlassian.net',
  name: 'acme',
};
export const OTHER_SITE: FakeSite = {
  id: '22222222-aaaa-4bbb-8ccc-000000000002',
  url: 'https://acme-sandbox.atlassian.net',
  name: 'acme-sandbox',
};
/** In the order accessible-resources lists them. */
export const FAKE_SITES: readonly FakeSite[] = [OTHER_SITE, SEARCHED_SITE];

export interface AdfNode {
  type: string;
  text?: string;
  content?: AdfNode[];
  version?: number;
}

export interface FakeIssue {
  id: string;
  key: string;
  summary: string;
  status: string;
  description: AdfNode | null;
  /** Newer first in results (ORDER BY updated DESC); larger is newer. */
  updated: number;
}

const paragraph = (text: string): AdfNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
export const doc = (...content: AdfNode[]): AdfNode => ({ type: 'doc', version: 1, content });

/** The plain words of an ADF tree, as the fake matches `text ~` against them. */
export function adfWords(node: AdfNode | null): string {
  if (!node) return '';
  return [node.text ?? '', ...(node.content ?? []).map(adfWords)].join(' ');
}

function gatewayIssues(prefix: string, count: number, firstId: number): FakeIssue[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(firstId + index),
    key: `${prefix}-${index + 1}`,
    summary: `Gateway failover issue ${index + 1}`,
    status: index % 2 === 0 ? 'Open' : 'In Progress',
    description: doc(paragraph(`Transit gateway number ${index + 1} drops BGP sessions during failover.`)),
    updated: 1000 - index,
  }));
}

export const SITE_ISSUES: Readonly<Record<string, readonly FakeIssue[]>> = {
  [SEARCHED_SITE.id]: [
    ...gatewayIssues('NET', 14, 10001),
    {
      id: '10100',
      key: 'NET-100',
      summary: 'VPN client crashes on macOS',
      status: 'Open',
      description: doc(
        { type: 'heading', content: [{ type: 'text', text: 'Symptom' }] },
        paragraph('The client stops when the SAML window opens.'),
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [paragraph('macOS 14 only')] },
            { type: 'listItem', content: [paragraph('default browser is not Safari')] },
          ],
        },
      ),
      updated: 2000,
    },
    {
      id: '10101',
      key: 'NET-101',
      summary: 'Build of C++ agent fails: [error] path/to/file',
      status: 'Resolved',
      description: doc(paragraph('The compiler stops at a missing header.')),
      updated: 1500,
    },
    {
      id: '10200',
      key: 'EDGE-7',
      summary: 'Edge ZTP fails when clock skew exceeds 5 minutes',
      status: 'Open',
      description: null,
      updated: 1800,
    },
    {
      id: '10300',
      key: 'OPS-1',
      summary: 'Gateway maintenance window (outside the scope)',
      status: 'Open',
      description: doc(paragraph('Out of the portal scope.')),
      updated: 3000,
    },
  ],
  [OTHER_SITE.id]: [
    {
      id: '20001',
      key: 'NET-1',
      summary: 'Sandbox gateway issue',
      status: 'Open',
      description: doc(paragraph('An issue of the sandbox site; never shown by the portal.')),
      updated: 5000,
    },
  ],
};
