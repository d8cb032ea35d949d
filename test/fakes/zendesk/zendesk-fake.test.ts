import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startZendeskFake,
  ZENDESK_FAKE_CLIENT,
  ZENDESK_FIXTURE_IDS,
  ZENDESK_FIXTURE_USERS,
  type ZendeskFake,
} from './index';

interface Answer {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
  text: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, json, text };
}

const tokenRequest = (fake: ZendeskFake, body: Record<string, unknown>) =>
  call(`${fake.url}/oauth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function serviceToken(
  fake: ZendeskFake,
  clientId = ZENDESK_FAKE_CLIENT.identifier,
  secret = ZENDESK_FAKE_CLIENT.secret,
  scope = 'hc:read',
) {
  const answer = await tokenRequest(fake, {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: secret,
    scope,
  });
  expect(answer.status).toBe(200);
  return String(answer.json.access_token);
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

type Listed = { id: number };

describe('the Zendesk fake', () => {
  let fake: ZendeskFake;
  beforeAll(async () => {
    fake = await startZendeskFake();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => {
    fake.log.length = 0;
  });

  describe('POST /oauth/tokens', () => {
    it('issues a bearer token with expires_in to the registered client', async () => {
      const answer = await tokenRequest(fake, {
        grant_type: 'client_credentials',
        client_id: ZENDESK_FAKE_CLIENT.identifier,
        client_secret: ZENDESK_FAKE_CLIENT.secret,
        scope: 'hc:read',
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ token_type: 'bearer', scope: 'hc:read', expires_in: 3600 });
      expect(typeof answer.json.access_token).toBe('string');
      expect(fake.log.at(-1)?.outcome).toMatchObject({ route: 'token', grant: 'client_credentials' });
    });

    it('refuses an unknown client and a wrong secret with 401 invalid_client', async () => {
      for (const [clientId, secret] of [
        ['someone_else', ZENDESK_FAKE_CLIENT.secret],
        [ZENDESK_FAKE_CLIENT.identifier, 'wrong'],
      ]) {
        const answer = await tokenRequest(fake, {
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: secret,
        });
        expect(answer.status).toBe(401);
        expect(answer.json.error).toBe('invalid_client');
        expect(typeof answer.json.error_description).toBe('string');
      }
    });

    it('refuses grants it does not support, an unknown refresh token and bodies that are not JSON', async () => {
      const password = await tokenRequest(fake, {
        grant_type: 'password',
        client_id: ZENDESK_FAKE_CLIENT.identifier,
        client_secret: ZENDESK_FAKE_CLIENT.secret,
      });
      expect(password.status).toBe(400);
      expect(password.json.error).toBe('unsupported_grant_type');
      const refresh = await tokenRequest(fake, {
        grant_type: 'refresh_token',
        client_id: ZENDESK_FAKE_CLIENT.identifier,
        client_secret: ZENDESK_FAKE_CLIENT.secret,
        refresh_token: 'x',
      });
      expect(refresh.status).toBe(400);
      expect(refresh.json.error).toBe('invalid_grant');
      const form = await call(`${fake.url}/oauth/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(form.status).toBe(400);
      expect(form.json.error).toBe('invalid_request');
    });

    it('refuses client credentials to a public client', async () => {
      fake.addClient({ identifier: 'public_app', secret: 'public-secret', kind: 'public', role: 'admin' });
      const answer = await tokenRequest(fake, {
        grant_type: 'client_credentials',
        client_id: 'public_app',
        client_secret: 'public-secret',
      });
      expect(answer.status).toBe(401);
    });
  });

  describe('tokens on the API', () => {
    it('answers 401 invalid_token once a token is past expires_in on the fake clock', async () => {
      const token = await serviceToken(fake);
      const articles = `${fake.url}/api/v2/help_center/en-us/categories.json?page[size]=10`;
      expect((await call(articles, bearer(token))).status).toBe(200);
      fake.moveTime(3600 * 1000);
      const expired = await call(articles, bearer(token));
      expect(expired.status).toBe(401);
      expect(expired.json.error).toBe('invalid_token');
      expect(fake.log.at(-1)?.outcome.auth).toBe('expired');
      const fresh = await serviceToken(fake);
      expect((await call(articles, bearer(fresh))).status).toBe(200);
    });

    it('answers 401 to every token issued before revokeTokens', async () => {
      const token = await serviceToken(fake);
      const url = `${fake.url}/api/v2/help_center/en-us/sections.json?page[size]=10`;
      expect((await call(url, bearer(token))).status).toBe(200);
      fake.revokeTokens();
      expect((await call(url, bearer(token))).status).toBe(401);
      expect(fake.log.at(-1)?.outcome.auth).toBe('revoked');
      expect((await call(url, bearer(await serviceToken(fake)))).status).toBe(200);
    });

    it('answers 401 to a token it never issued', async () => {
      const answer = await call(`${fake.url}/api/v2/help_center/en-us/articles.json`, bearer('made-up'));
      expect(answer.status).toBe(401);
    });
  });

  describe('Help Center lists', () => {
    it('pages articles by cursor to the end, with meta and links as Zendesk documents', async () => {
      const token = await serviceToken(fake);
      const first = await call(
        `${fake.url}/api/v2/help_center/en-us/articles.json?page[size]=100`,
        bearer(token),
      );
      expect(first.status).toBe(200);
      const meta = first.json.meta as { has_more: boolean; after_cursor: string; before_cursor: string };
      const links = first.json.links as { next: string | null; prev: string | null };
      expect((first.json.articles as Listed[]).length).toBe(100);
      expect(meta.has_more).toBe(true);
      expect(links.next).toBe(
        `${fake.url}/api/v2/help_center/en-us/articles.json?page[size]=100&page[after]=${meta.after_cursor}`,
      );
      const second = await call(links.next ?? '', bearer(token));
      const rest = second.json.articles as Listed[];
      // 130 public (the image's included), one signed-in, one organisation's, one draft: an admin sees them all.
      expect(100 + rest.length).toBe(133);
      expect((second.json.meta as { has_more: boolean }).has_more).toBe(false);
      expect((second.json.links as { next: string | null }).next).toBeNull();
      const ids = new Set([...(first.json.articles as Listed[]), ...rest].map((article) => article.id));
      expect(ids.size).toBe(133);
    });

    it('shows an anonymous reader only published articles of no segment', async () => {
      const all = await call(`${fake.url}/api/v2/help_center/en-us/articles.json?per_page=100&page=1`);
      const firstPage = (all.json.articles as Listed[]).map((article) => article.id);
      expect(firstPage).toContain(ZENDESK_FIXTURE_IDS.articleImage);
      for (const hidden of [
        ZENDESK_FIXTURE_IDS.articleDraft,
        ZENDESK_FIXTURE_IDS.articleSignedIn,
        ZENDESK_FIXTURE_IDS.articleOrganisation,
      ])
        expect(firstPage).not.toContain(hidden);
      expect(all.json.count).toBe(130);
    });

    it('refuses offset pages past 100 with 400', async () => {
      const token = await serviceToken(fake);
      const past = await call(
        `${fake.url}/api/v2/help_center/en-us/articles.json?page=101&per_page=1`,
        bearer(token),
      );
      expect(past.status).toBe(400);
      const last = await call(
        `${fake.url}/api/v2/help_center/en-us/articles.json?page=100&per_page=1`,
        bearer(token),
      );
      expect(last.status).toBe(200);
    });

    it('lists one category with two sections, and the user segments', async () => {
      const token = await serviceToken(fake);
      const categories = await call(
        `${fake.url}/api/v2/help_center/en-us/categories.json?page[size]=100`,
        bearer(token),
      );
      expect((categories.json.categories as Listed[]).map((c) => c.id)).toEqual([
        ZENDESK_FIXTURE_IDS.category,
      ]);
      const sections = await call(
        `${fake.url}/api/v2/help_center/en-us/sections.json?page[size]=100`,
        bearer(token),
      );
      expect(sections.json.sections).toEqual([
        expect.objectContaining({
          id: ZENDESK_FIXTURE_IDS.sectionAccounts,
          category_id: ZENDESK_FIXTURE_IDS.category,
        }),
        expect.objectContaining({
          id: ZENDESK_FIXTURE_IDS.sectionNetworking,
          category_id: ZENDESK_FIXTURE_IDS.category,
        }),
      ]);
      const segments = await call(
        `${fake.url}/api/v2/help_center/user_segments.json?page[size]=100`,
        bearer(token),
      );
      expect(segments.json.user_segments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: ZENDESK_FIXTURE_IDS.segmentSignedIn,
            user_type: 'signed_in_users',
            organization_ids: [],
          }),
          expect.objectContaining({
            id: ZENDESK_FIXTURE_IDS.segmentOrganisation,
            organization_ids: [ZENDESK_FIXTURE_IDS.organisation],
          }),
        ]),
      );
      expect((await call(`${fake.url}/api/v2/help_center/user_segments.json`)).status).toBe(403);
    });

    it('serves the image an article body points at, on its own origin', async () => {
      const body = fake.article(ZENDESK_FIXTURE_IDS.articleImage)?.body ?? '';
      expect(body).toContain(`<img src="${fake.imageUrl}"`);
      const image = await fetch(fake.imageUrl);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    });
  });

  describe('the incremental article export', () => {
    it('lists changes since start_time, paging by end_time, to an admin token only', async () => {
      const token = await serviceToken(fake);
      fake.setIncrementalPageSize(50);
      try {
        const url = `${fake.url}/api/v2/help_center/incremental/articles?start_time=0`;
        const first = await call(url, bearer(token));
        expect(first.status).toBe(200);
        expect(first.json.count).toBe(50);
        const endTime = first.json.end_time as number;
        const lastArticle = (first.json.articles as { updated_at: string }[]).at(-1);
        expect(endTime).toBe(Date.parse(lastArticle?.updated_at ?? '') / 1000);
        expect(first.json.next_page).toBe(
          `${fake.url}/api/v2/help_center/incremental/articles?start_time=${endTime}`,
        );
        let next = first.json.next_page as string | null;
        let pages = 1;
        while (next) {
          const page = await call(next, bearer(token));
          next = page.json.next_page as string | null;
          pages += 1;
        }
        expect(pages).toBe(3);
      } finally {
        fake.setIncrementalPageSize(1000);
      }
    });

    it('shows an article changed after the previous end_time, and refuses anonymous and end-user readers', async () => {
      const token = await serviceToken(fake);
      const all = await call(
        `${fake.url}/api/v2/help_center/incremental/articles?start_time=0`,
        bearer(token),
      );
      const since = (all.json.end_time as number) + 1;
      fake.moveTime(60_000);
      fake.updateArticle(ZENDESK_FIXTURE_IDS.articleSignedIn, { title: 'Renewing your licence (2026)' });
      const changes = await call(
        `${fake.url}/api/v2/help_center/incremental/articles?start_time=${since}`,
        bearer(token),
      );
      expect((changes.json.articles as Listed[]).map((a) => a.id)).toEqual([
        ZENDESK_FIXTURE_IDS.articleSignedIn,
      ]);
      expect(changes.json.next_page).toBeNull();

      expect((await call(`${fake.url}/api/v2/help_center/incremental/articles?start_time=0`)).status).toBe(
        403,
      );
      fake.addClient({
        identifier: 'end_user_app',
        secret: 'end-user-secret',
        kind: 'confidential',
        role: 'end-user',
      });
      const endUser = await serviceToken(fake, 'end_user_app', 'end-user-secret');
      const refused = await call(
        `${fake.url}/api/v2/help_center/incremental/articles?start_time=0`,
        bearer(endUser),
      );
      expect(refused.status).toBe(403);
    });
  });

  describe('failures', () => {
    it('answers the next n requests with a text/plain 429 and the rate-limit headers', async () => {
      fake.rateLimitNext(1, 7);
      const limited = await call(`${fake.url}/api/v2/help_center/en-us/categories.json`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('content-type')).toBe('text/plain');
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.headers.get('x-rate-limit')).toBe('700');
      expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
      expect(limited.text).toBe('Number of allowed API requests per minute exceeded');
      expect((await call(`${fake.url}/api/v2/help_center/en-us/categories.json`)).status).toBe(200);
    });

    it('answers a malformed body when told', async () => {
      fake.malformedNext(1);
      const broken = await call(`${fake.url}/api/v2/help_center/en-us/categories.json`);
      expect(broken.status).toBe(200);
      expect(() => JSON.parse(broken.text) as unknown).toThrow();
    });

    it('adds and deletes articles', async () => {
      const added = fake.addArticle({ title: 'Brand new' });
      expect(added.html_url).toBe(`${fake.url}/hc/en-us/articles/${added.id}-brand-new`);
      expect(fake.article(added.id)).toBeDefined();
      fake.deleteArticle(added.id);
      expect(fake.article(added.id)).toBeUndefined();
    });
  });

  describe('tickets, as Zendesk Support answers them', () => {
    const json = (token: string, method: string, body: unknown) => ({
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const ticketToken = () =>
      serviceToken(fake, ZENDESK_FAKE_CLIENT.identifier, ZENDESK_FAKE_CLIENT.secret, 'read write');
    const open = async (token: string, email: string, subject: string) => {
      const answer = await call(
        `${fake.url}/api/v2/tickets.json`,
        json(token, 'POST', {
          ticket: { subject, comment: { body: `About ${subject}` }, requester: { email, name: email } },
        }),
      );
      expect(answer.status).toBe(201);
      return (answer.json.ticket as { id: number; requester_id: number }) ?? { id: 0, requester_id: 0 };
    };

    it('opens a ticket for a requester by address (made an end user), and refuses an end user’s token', async () => {
      const token = await ticketToken();
      const email = `fake-req-${Date.now()}@example.com`;
      const ticket = await open(token, email, 'First');
      expect(fake.user(email)).toMatchObject({ role: 'end-user', id: ticket.requester_id });
      expect((await call(`${fake.url}/api/v2/tickets/${ticket.id}.json`)).status).toBe(403);
      const helpCenterOnly = await serviceToken(fake);
      expect(
        (await call(`${fake.url}/api/v2/tickets/${ticket.id}.json`, bearer(helpCenterOnly))).status,
      ).toBe(403);
      expect((await call(`${fake.url}/api/v2/tickets/99999999.json`, bearer(token))).status).toBe(404);
    });

    it('pages a requester’s tickets by cursor and keeps a note out of nobody’s comments', async () => {
      const token = await ticketToken();
      const email = `fake-pages-${Date.now()}@example.com`;
      const first = await open(token, email, 'One');
      await open(token, email, 'Two');
      await open(token, email, 'Three');
      const requested = `${fake.url}/api/v2/users/${first.requester_id}/tickets/requested.json`;
      const page1 = await call(`${requested}?page[size]=2`, bearer(token));
      expect(page1.json.meta).toMatchObject({ has_more: true });
      const after = (page1.json.meta as { after_cursor: string }).after_cursor;
      const page2 = await call(`${requested}?page[size]=2&page[after]=${after}`, bearer(token));
      expect((page2.json.tickets as Listed[]).length).toBe(1);
      expect(page2.json.meta).toMatchObject({ has_more: false });

      const put = await call(
        `${fake.url}/api/v2/tickets/${first.id}.json`,
        json(token, 'PUT', { ticket: { comment: { body: 'Internal', public: false }, status: 'open' } }),
      );
      expect(put.status).toBe(200);
      expect((put.json.audit as { events: { type: string }[] }).events.map((event) => event.type)).toEqual([
        'Comment',
        'Change',
      ]);
      const comments = await call(`${fake.url}/api/v2/tickets/${first.id}/comments.json`, bearer(token));
      expect((comments.json.comments as { public: boolean }[]).map((comment) => comment.public)).toEqual([
        true,
        false,
      ]);
    });

    it('attaches an upload only through its token in a comment', async () => {
      const token = await ticketToken();
      const ticket = await open(token, `fake-up-${Date.now()}@example.com`, 'Upload');
      const upload = await call(`${fake.url}/api/v2/uploads?filename=crash.log`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: 'stack trace',
      });
      expect(upload.status).toBe(201);
      const uploaded = (upload.json.upload as { token: string }).token;
      const bad = await call(
        `${fake.url}/api/v2/tickets/${ticket.id}.json`,
        json(token, 'PUT', { ticket: { comment: { body: 'File', uploads: ['nope'] } } }),
      );
      expect(bad.status).toBe(422);
      const good = await call(
        `${fake.url}/api/v2/tickets/${ticket.id}.json`,
        json(token, 'PUT', { ticket: { comment: { body: 'File', uploads: [uploaded] } } }),
      );
      expect(good.status).toBe(200);
      const comments = await call(`${fake.url}/api/v2/tickets/${ticket.id}/comments.json`, bearer(token));
      const last = (comments.json.comments as { attachments: { file_name: string; size: number }[] }[]).at(
        -1,
      );
      expect(last?.attachments).toMatchObject([{ file_name: 'crash.log', size: 11 }]);
    });

    it('answers the Search API’s limits: 422 past 1,000 results, 400 for page[size], the true count', async () => {
      const token = await ticketToken();
      const word = `lim${Date.now().toString(36)}`;
      const email = `fake-search-${Date.now()}@example.com`;
      for (const n of [1, 2, 3]) await open(token, email, `${word} ${n}`);
      const search = (query: string) => call(`${fake.url}/api/v2/search.json?${query}`, bearer(token));
      const found = await search(`query=type:ticket ${word}&per_page=2`);
      expect(found.json).toMatchObject({ count: 3 });
      expect((found.json.results as Listed[]).length).toBe(2);
      expect(found.json.next_page).toEqual(expect.stringContaining('page=2'));
      expect((await search(`query=type:ticket ${word}&page=11&per_page=100`)).status).toBe(422);
      expect((await search(`query=type:ticket ${word}&page=10&per_page=100`)).status).toBe(200);
      const cursor = await search(`query=type:ticket ${word}&page[size]=2`);
      expect(cursor.status).toBe(400);
      expect(cursor.json.error).toMatchObject({ title: 'Invalid attribute' });
      const mine = await search(`query=type:ticket requester:"${email}" ${word} 2`);
      expect((mine.json.results as Listed[]).length).toBe(1);
      const counted = await call(
        `${fake.url}/api/v2/search/count.json?query=type:ticket ${word}`,
        bearer(token),
      );
      expect(counted.json).toEqual({ count: 3 });
    });

    it('exports changed tickets by cursor: start_time once, a minute behind, 10 requests a minute', async () => {
      const token = await ticketToken();
      const exported = (query: string, auth = token) =>
        call(`${fake.url}/api/v2/incremental/tickets/cursor.json?${query}`, bearer(auth));
      // The tickets earlier tests opened lie before `start`.
      fake.moveTime(2000);
      const before = fake.clock.now();
      const start = Math.floor(before / 1000);
      const email = `fake-export-${Date.now()}@example.com`;
      const opened = [
        await open(token, email, 'One'),
        await open(token, email, 'Two'),
        await open(token, email, 'Three'),
      ];

      expect((await exported(`start_time=${start}`)).status).toBe(400);
      expect((await exported(`start_time=${start + 3600}`)).status).toBe(400);
      expect((await exported('')).status).toBe(400);
      expect((await exported('cursor=not-a-cursor')).status).toBe(400);
      expect((await exported(`start_time=${start - 120}`, await serviceToken(fake))).status).toBe(403);

      fake.moveTime(61_000);
      const first = await exported(`start_time=${start}&per_page=2`);
      expect(first.status).toBe(200);
      expect((first.json.tickets as Listed[]).map((ticket) => ticket.id)).toEqual([
        opened[0]?.id,
        opened[1]?.id,
      ]);
      expect(first.json).toMatchObject({ end_of_stream: false, before_cursor: null });
      expect(first.json.after_url).toEqual(expect.stringContaining(`cursor=`));
      const second = await exported(
        `cursor=${encodeURIComponent(String(first.json.after_cursor))}&per_page=2`,
      );
      expect((second.json.tickets as Listed[]).map((ticket) => ticket.id)).toEqual([opened[2]?.id]);
      expect(second.json.end_of_stream).toBe(true);
      const cursor = encodeURIComponent(String(second.json.after_cursor));

      // A change is exported once it is a minute old, from the same cursor.
      fake.changeTicket(opened[0]?.id ?? 0, ZENDESK_FIXTURE_USERS.agent.email, { status: 'pending' });
      const tooSoon = await exported(`cursor=${cursor}`);
      expect(tooSoon.json).toMatchObject({ tickets: [], end_of_stream: true, after_cursor: null });
      fake.moveTime(61_000);
      const changed = await exported(`cursor=${cursor}`);
      expect((changed.json.tickets as Listed[]).map((ticket) => ticket.id)).toEqual([opened[0]?.id]);
      expect(changed.json.tickets).toEqual([
        expect.objectContaining({ status: 'pending', generated_timestamp: expect.any(Number) }),
      ]);

      // The 11th request within a minute is refused until the first of the ten is a minute old.
      const statuses: number[] = [];
      for (let n = 0; n < 10; n++) statuses.push((await exported(`cursor=${cursor}`)).status);
      expect(statuses).toEqual([...Array<number>(9).fill(200), 429]);
      const limited = await exported(`cursor=${cursor}`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('content-type')).toBe('text/plain');
      fake.moveTime(61_000);
      expect((await exported(`cursor=${cursor}`)).status).toBe(200);
    });

    it('answers 429 with Retry-After and a text/plain body when told to', async () => {
      const token = await ticketToken();
      fake.rateLimitNext(1, 7);
      const limited = await call(`${fake.url}/api/v2/tickets.json`, bearer(token));
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(limited.headers.get('content-type')).toBe('text/plain');
    });
  });
});
