/** The load bench's mixed traffic (run.ts), also asked one route at a time by per-route.ts. */
/** Words of the demo content, three at a time: a search the portal has not answered before, every time. */
const WORDS = [
  'gateway',
  'tunnel',
  'ipsec',
  'controller',
  'upgrade',
  'spoke',
  'transit',
  'firewall',
  'route',
  'bgp',
  'azure',
  'aws',
  'gcp',
  'peering',
  'latency',
  'packet',
  'loss',
  'certificate',
  'login',
  'license',
  'backup',
  'restore',
  'failover',
  'segmentation',
  'vpn',
  'nat',
  'dns',
  'policy',
  'copilot',
  'edge',
  'image',
  'download',
  'error',
  'timeout',
  'flapping',
  'down',
  'slow',
  'cpu',
  'memory',
  'alert',
];
let searches = 0;
export function freshQuery(): string {
  const n = searches++;
  const pick = (k: number) => WORDS[Math.floor(n / WORDS.length ** k) % WORDS.length];
  return encodeURIComponent(`${pick(0)} ${pick(1)} ${pick(2)}`);
}

export interface Route {
  label: string;
  path: () => string;
  signedIn: boolean;
}

/** The mix, in the order each connection takes it. */
export const ROUTES: Route[] = [
  { label: 'GET / (page)', path: () => '/', signedIn: false },
  { label: 'GET /search?q=<new> (page)', path: () => `/search?q=${freshQuery()}`, signedIn: false },
  {
    label: 'GET /docs?article= (page)',
    path: () => '/docs?article=upgrade-path-7-2-to-8-1',
    signedIn: false,
  },
  { label: 'GET /api/aggregator/latestKB', path: () => '/api/aggregator/latestKB', signedIn: false },
  { label: 'GET /api/zendesk/me (signed in)', path: () => '/api/zendesk/me', signedIn: true },
  {
    label: 'GET /api/noticesModule/notice (signed in)',
    path: () => '/api/noticesModule/notice',
    signedIn: true,
  },
  { label: 'GET /tickets (page, signed in)', path: () => '/tickets', signedIn: true },
  { label: 'GET /api/tickets (signed in)', path: () => '/api/tickets', signedIn: true },
  { label: 'GET /tickets/1 (page, signed in)', path: () => '/tickets/1', signedIn: true },
];
