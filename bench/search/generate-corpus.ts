/**
 * Synthetic search corpus for bench/search: `items` rows (default 100,000) spread over the knowledge base,
 * documentation, community, tickets and defects, inserted in batches of 1,000. Text is drawn from the
 * vendor's vocabulary with a skewed word distribution, so common words match many rows and rare ones few,
 * as in real content. Rows carry no `source_path`, so the content loader leaves them alone.
 *
 *   node --import tsx bench/search/generate-corpus.ts --database-url postgres://... [--items 100000]
 *   node --import tsx bench/search/generate-corpus.ts --data-dir ./tmp-bench [--items 100000]
 */
import { parseArgs } from 'node:util';
import { helpdeskTickets } from '../../src/server/connectors/helpdesk/builtin/schema.js';
import { trackerIssues } from '../../src/server/connectors/tracker/builtin/schema.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { communityPosts, docsPages, kbArticles } from '../../src/server/db/schema.js';

export const VOCABULARY = (
  'gateway transit spoke firewall vpn client edge copilot controller upgrade license aws azure gcp oci ' +
  'route table bgp peering tunnel ipsec site2cloud segmentation egress fqdn nat snat dnat cidr subnet vpc ' +
  'vnet attachment ha failover zone region instance size throughput latency packet loss mtu jumbo frames ' +
  'encryption certificate saml profile user group policy inspection firenet health check interface lan wan ' +
  'appliance provisioning ztp image release patch backup restore terraform api account onboarding iam role ' +
  'permission metric flow netflow syslog alert threatiq topology dashboard monitoring performance cpu memory ' +
  'disk log diagnostics troubleshooting error timeout restart reboot version compatibility migration cloud ' +
  'network security private public dns domain load balancer listener port protocol tcp udp icmp ping trace ' +
  'connectivity session keepalive timer prefix advertisement filter community asn learned propagated ' +
  'customer support ticket case outage maintenance window schedule automation script webhook notification'
).split(' ');

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function textMaker(seed: number) {
  const next = random(seed);
  // Skewed: word i is picked with probability ~ 1/(i+1).
  const word = () => VOCABULARY[Math.floor(VOCABULARY.length ** next()) - 1] ?? 'gateway';
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const title = () => {
    const text = words(3 + Math.floor(next() * 5));
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const body = (min: number, max: number) => {
    const sentences: string[] = [];
    let count = min + Math.floor(next() * (max - min));
    while (count > 0) {
      const length = Math.min(count, 8 + Math.floor(next() * 12));
      sentences.push(`${words(length)}.`);
      count -= length;
    }
    return sentences.join(' ');
  };
  return { title, body, next };
}

export const CORPUS_SHARES = { kb: 0.35, docs: 0.25, community: 0.3, tickets: 0.05, issues: 0.05 };
const BATCH = 1000;

export async function generateCorpus(options: {
  db: Database;
  items: number;
  log?: (message: string) => void;
}): Promise<Record<keyof typeof CORPUS_SHARES, number>> {
  const { db, items } = options;
  const log = options.log ?? (() => undefined);
  const make = textMaker(42);
  const counts = Object.fromEntries(
    Object.entries(CORPUS_SHARES).map(([key, share]) => [key, Math.round(items * share)]),
  ) as Record<keyof typeof CORPUS_SHARES, number>;
  const batches = async (total: number, insert: (from: number, to: number) => Promise<unknown>) => {
    for (let from = 0; from < total; from += BATCH) await insert(from, Math.min(total, from + BATCH));
  };
  const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  const now = Date.now();

  await batches(counts.kb, (from, to) =>
    db.insert(kbArticles).values(
      ids(from, to).map((i) => {
        const body = make.body(80, 250);
        return {
          slug: `bench-kb-${i}`,
          title: make.title(),
          body: `<p>${body}</p>`,
          bodyText: body,
          section: 'Bench',
          htmlUrl: `/docs?article=bench-kb-${i}`,
          userSegmentId: i % 10 === 0 ? 1 : null,
          viewCount: Math.floor(make.next() * 1000),
          updatedAt: new Date(now - i * 60_000),
        };
      }),
    ),
  );
  log(`kb ${counts.kb}`);
  await batches(counts.docs, (from, to) =>
    db.insert(docsPages).values(
      ids(from, to).map((i) => {
        const body = make.body(120, 400);
        return {
          title: make.title(),
          domain: 'docs.acme.example',
          path: `/bench/${i}`,
          body: `<p>${body}</p>`,
          bodyText: body,
          blocks: [{ title: '', content: body.slice(0, 500) }],
          updatedAt: new Date(now - i * 60_000),
        };
      }),
    ),
  );
  log(`docs ${counts.docs}`);
  await batches(counts.community, (from, to) =>
    db.insert(communityPosts).values(
      ids(from, to).map((i) => ({
        slug: `bench-post-${i}`,
        title: make.title(),
        author: `user${i % 500}`,
        text: make.body(30, 150),
        url: `https://community.acme.example/t/bench-post-${i}`,
        replies: Math.floor(make.next() * 20),
      })),
    ),
  );
  log(`community ${counts.community}`);
  await batches(counts.tickets, (from, to) =>
    db.insert(helpdeskTickets).values(
      ids(from, to).map((i) => ({
        subject: make.title(),
        description: make.body(30, 120),
        status: 'open' as const,
        requesterEmail: `customer${i % 200}@example.com`,
      })),
    ),
  );
  log(`tickets ${counts.tickets}`);
  await batches(counts.issues, (from, to) =>
    db.insert(trackerIssues).values(
      ids(from, to).map((i) => ({
        key: `BENCH-${i + 1}`,
        summary: make.title(),
        description: make.body(30, 120),
        status: 'Open',
      })),
    ),
  );
  log(`issues ${counts.issues}`);
  // Fresh statistics, or the planner guesses on a table it has never analysed.
  await db.execute('analyze');
  return counts;
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      items: { type: 'string', default: '100000' },
    },
  });
  const url = values['database-url'];
  const dataDir = values['data-dir'];
  if (!url && !dataDir) throw new Error('give --database-url or --data-dir');
  const handle = await openDatabase({ location: url ? { url } : { dataDir: dataDir ?? '' } });
  try {
    await migrateDatabase(handle);
    const started = performance.now();
    const counts = await generateCorpus({ db: handle.db, items: Number(values.items), log: console.log });
    console.log(counts, `${Math.round((performance.now() - started) / 1000)} s`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await cli();
