// The search benches' queries (bench/README.md, Search): the hand-written ones and the first words of every
// title in content/, the words of the content that make never-seen queries, and the mix of popular and
// never-seen queries a search log has. Shared by run.mjs, plan-choice.mjs and bench/scale.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readContent } from '../../src/server/connectors/content-folder/read-content.ts';
import { random } from './generate-corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Hand-written queries: common and rare words, phrases, two and three words, one with an operator. */
const TYPED_QUERIES = [
  'gateway',
  'transit gateway',
  'spoke attachment',
  'firewall inspection',
  'vpn client saml',
  'edge ztp',
  'copilot topology',
  'controller upgrade',
  'license',
  'bgp route propagation',
  'ipsec tunnel site2cloud',
  'egress fqdn filter',
  'azure vnet peering',
  'aws vpc subnet',
  'gcp permission',
  'oci region image',
  'packet loss latency',
  'mtu jumbo frames',
  'health check interface',
  'terraform api error',
  'backup restore',
  'syslog netflow',
  'threatiq alert',
  'certificate encryption',
  'failover zone ha',
  '"route table"',
  'nat snat dnat',
  'load balancer listener port',
  'timeout restart',
  'upgrade -license',
];
/**
 * What visitors type: the hand-written queries, then the first two or three words that are not stop words of
 * every title in content/ (a visitor looking for that article), about 200 distinct queries in all.
 */
const STOP_WORDS = new Set(
  'a an and are as at be by can do for from how i in is it my of on or our the to vs what when which why with you your'.split(
    ' ',
  ),
);
const content = await readContent(path.join(root, 'content'));
function benchQueries() {
  const fromTitles = [...content.kb, ...content.docs, ...content.community].map((item) => {
    const words = item.title
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, ' ')
      .split(/\s+/)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
    return words.slice(0, 2 + (words.length % 2)).join(' ');
  });
  return [...new Set([...TYPED_QUERIES, ...fromTitles].filter(Boolean))];
}
export const QUERIES = benchQueries();
/** Words of the content, for the long tail: queries nobody asked before. */
export const WORDS = [
  ...new Set(
    [...content.kb, ...content.docs]
      .flatMap((item) => item.bodyText.toLowerCase().split(/[^a-z0-9-]+/))
      .filter((word) => word.length > 3 && !STOP_WORDS.has(word)),
  ),
];

/**
 * Popularity follows Zipf's law, as search logs do: the query of rank r is asked with weight 1/r. Which query
 * gets which rank is shuffled once (seeded), so the hand-written ones are not all at the top.
 */
const ranked = (() => {
  const next = random(7);
  const list = [...QUERIES];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  let total = 0;
  return list.map((query, i) => ({ query, upTo: (total += 1 / (i + 1)) }));
})();
export const popular = () => {
  const x = Math.random() * ranked[ranked.length - 1].upTo;
  return (ranked.find((entry) => entry.upTo >= x) ?? ranked[0]).query;
};
/**
 * A query of a mix: a popular one, or with probability `uniqueShare` one from the long tail that search logs
 * always have (a popular query with a word from the content added: practically never asked twice, so no
 * cache can answer it; many find nothing and also cost the 'Did you mean' lookup).
 */
export const pick = (uniqueShare) =>
  Math.random() < uniqueShare ? `${popular()} ${WORDS[Math.floor(Math.random() * WORDS.length)]}` : popular();
