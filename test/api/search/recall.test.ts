import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  searchResponseSchema,
  suggestionsResponseSchema,
  type SearchResponse,
} from '../../../src/common/contracts/search.js';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import { get, post } from '../../support/auth-flow.js';
import { anonymous, search, searchUrl } from '../../support/search.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Queries as customers type them (misspellings, whole questions, their own words for a product) find the
 * item that answers them, and a nonsense query still finds nothing (issue: search that finds what customers
 * mean). The posts below are this file's own; the fixture content is there too.
 */

const posts = [
  {
    slug: 'vpc-peering-overlap',
    title: 'VPC peering fails when CIDR ranges overlap',
    text: 'Two VPCs with the same 10.0.0.0/16 range cannot be peered. Use the mapped NAT feature instead.',
  },
  {
    slug: 'kubernetes-pod-addresses',
    title: 'Distributed firewall rules and Kubernetes pod addresses',
    text: 'Rules see the pod addresses when the cluster is onboarded to the Controller.',
  },
  {
    slug: 'gateway-cpu-idle',
    title: 'Spoke gateway CPU stays at 90 percent when idle',
    text: 'A spoke gateway that runs hot with no traffic usually has packet capture left running.',
  },
];

const titlesOf = (response: SearchResponse, key: 'forumbee' | 'zendesk') =>
  key === 'forumbee'
    ? (response.forumbee?.data ?? []).map((hit) => hit.title)
    : (response.zendesk?.results ?? []).map((hit) => hit.title);

const total = (response: SearchResponse) =>
  (response.zendesk?.count ?? 0) + (response.git?.count ?? 0) + (response.forumbee?.paging.count ?? 0);

describe('recall: misspellings, questions, synonyms and prefixes', () => {
  const t = useTestApp({ accounts: false });
  beforeAll(async () => {
    await t.database.db.insert(communityPosts).values(
      posts.map((item) => ({
        ...item,
        author: 'tester',
        url: `https://community.acme.example/t/${item.slug}`,
      })),
    );
    // 'Did you mean' reads its words from the titles: they are cut again after every content load.
    await t.app.contentLoaded();
  });

  it('a misspelt query answers the corrected query and says so', async () => {
    const answer = await search(anonymous(t.app), 'copilt topolgy');
    expect(answer.showingResultsFor).toBe('copilot topology');
    expect(answer.didYouMean).toBeUndefined();
    expect(titlesOf(answer, 'forumbee')[0]).toBe('CoPilot topology map is empty after upgrade');
  });

  it('"Search instead for" the words as typed: no correction, and nothing found', async () => {
    const res = await post(anonymous(t.app), searchUrl('copilt topolgy'), { exact: true });
    expect(res.statusCode).toBe(200);
    const answer = searchResponseSchema.parse(res.json());
    expect(answer.showingResultsFor).toBeUndefined();
    expect(total(answer)).toBe(0);
  });

  it('a whole question whose words are not all in any item still finds the item that answers it first', async () => {
    const question =
      'why is my spoke gateway cpu so high at 90 percent even when it is idle, is that normal?';
    const answer = await search(anonymous(t.app), question);
    expect(answer.partial).toBe(true);
    expect(titlesOf(answer, 'forumbee')[0]).toBe('Spoke gateway CPU stays at 90 percent when idle');
  });

  it('a synonym from the reviewed list matches (vnet finds VPC, k8s finds Kubernetes)', async () => {
    const vnet = await search(anonymous(t.app), 'vnet peering');
    expect(vnet.partial).toBeUndefined();
    expect(titlesOf(vnet, 'forumbee')).toContain('VPC peering fails when CIDR ranges overlap');
    const k8s = await search(anonymous(t.app), 'k8s pod addresses');
    expect(titlesOf(k8s, 'forumbee')[0]).toBe('Distributed firewall rules and Kubernetes pod addresses');
  });

  it('the last word typed matches as a prefix', async () => {
    const answer = await search(anonymous(t.app), 'geneve overl');
    expect(answer.partial).toBeUndefined();
    expect(titlesOf(answer, 'zendesk')).toContain('Geneve overlay basics');
  });

  it('a query that matches as typed is answered as typed, without fallbacks', async () => {
    const answer = await search(anonymous(t.app), 'bgp over lan flapping');
    expect(answer.showingResultsFor).toBeUndefined();
    expect(answer.partial).toBeUndefined();
    expect(titlesOf(answer, 'forumbee')[0]).toBe('BGP over LAN session keeps flapping');
  });

  it('a nonsense query still finds nothing, in every source', async () => {
    for (const query of ['qwxzv blorft', 'zzkq', 'how do i flurbnik the snorkwazzle']) {
      const answer = await search(anonymous(t.app), query);
      expect(total(answer), query).toBe(0);
      expect(answer.showingResultsFor, query).toBeUndefined();
      expect(answer.partial, query).toBeUndefined();
    }
  });

  it('a later page of a source follows the same fallbacks as the first', async () => {
    const res = await get(
      anonymous(t.app),
      `${searchUrl('copilt topolgy', apiPaths.pagedSearch.forumbee)}&page=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { title: string }[] }>().data[0]).toMatchObject({
      title: 'CoPilot topology map is empty after upgrade',
    });
  });

  it('suggestions as one types: the best titles of the public sources, the last word as a prefix', async () => {
    const url = (q: string) => `${apiPaths.aggregator.suggestions}?searchValue=${encodeURIComponent(q)}`;
    const res = await get(anonymous(t.app), url('spoke gateway cpu sta'));
    expect(res.statusCode).toBe(200);
    const { suggestions } = suggestionsResponseSchema.parse(res.json());
    expect(suggestions[0]).toEqual({
      source: 'forumbee',
      title: 'Spoke gateway CPU stays at 90 percent when idle',
      url: 'https://community.acme.example/t/gateway-cpu-idle',
    });
    const geneve = suggestionsResponseSchema.parse((await get(anonymous(t.app), url('geneve ove'))).json());
    expect(geneve.suggestions.map((item) => item.title)).toContain('Geneve overlay basics');
    const none = suggestionsResponseSchema.parse((await get(anonymous(t.app), url('qwxzv'))).json());
    expect(none.suggestions).toEqual([]);
    for (const bad of ['', '   ', 'a\u0000b']) {
      const refused = await get(anonymous(t.app), url(bad));
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
