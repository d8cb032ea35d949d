import type { RelevanceQuery } from './queries';

/**
 * The fresh relevance set: a third set, untouched by anyone who tunes search (synonyms, stop words, spelling and
 * partial-match fallbacks, thresholds, vector fusion) and never to be used for it. Written on 2026-11-27 from
 * the bodies of the items in `content/` and from the demo tickets and tracker issues, not from the titles: what
 * a customer who has the problem the body describes would type. No query of the tuning set (`queries.ts`) or the
 * held-out set (`held-out-queries.ts`) is copied. Kinds: `paraphrase`, `misspelling`, `question` (as in the other
 * two sets), `short` (one or two words), `identifier` (a release number, an error code from the content, a
 * tracker key or a ticket number, each saying who searches; the expected item must come first in its source's
 * group) and `off-topic` (a real question about another vendor's product, an office application or a home
 * device: must find nothing). The subject of each off-topic query (Outlook, Excel, Netgear, Meraki, FortiGate,
 * iPhone, printer, PowerPoint, Zoom, Juniper) was checked with grep to be in no item of `content/`. Ticket
 * numbers are those of the demo tickets as seeded into an empty table (31 of them: `#32` does not exist).
 * The file was committed before any search was run on it; a query or its expected items are never changed
 * after seeing results (only a factual mistake in an expected item, e.g. a prefix that names no item, may be
 * fixed, and the fix is said in bench/README.md).
 */

const p = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'paraphrase', query, expect });
const m = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'misspelling', query, expect });
const q = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'question', query, expect });
const s = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'short', query, expect });
/** An identifier a visitor searches for: a release number or an error code of the public content. */
const v = (query: string, ...expect: string[]): RelevanceQuery => ({
  kind: 'identifier',
  query,
  expect,
  as: 'visitor',
});
/** An identifier an agent searches for: a tracker key or a ticket number. */
const a = (query: string, ...expect: string[]): RelevanceQuery => ({
  kind: 'identifier',
  query,
  expect,
  as: 'agent',
});
const o = (query: string): RelevanceQuery => ({ kind: 'off-topic', query, expect: [] });

export const FRESH_QUERIES: RelevanceQuery[] = [
  // Paraphrases: the customer's words for what the body describes.
  p('not enough vcpu cores to replace gateways in azure', 'Why does image upgrade in Azure fail'),
  p('controller got a new public address after a resize', 'We stopped and started the Controller'),
  p(
    'ci runners trigger false traffic alarms',
    'Tuning anomaly detection alerts to reduce noise',
    'Anomaly detection',
  ),
  p(
    'spokes fast in the pilot slow after two weeks',
    'Why was gateway throughput great in testing',
    'Low throughput between spokes',
  ),
  p('pipelines collide on the configuration lock', 'Terraform apply fails randomly with HTTP 409'),
  p(
    'branch box clock wrong cannot register',
    'Edge appliance ZTP fails with',
    'Zero-touch provisioning of Edge appliances',
  ),
  p('tunnel drops at every rekey', 'IPsec tunnels flapping every few minutes'),
  p(
    'firewall rules see node addresses not pod addresses',
    'Do distributed firewall rules see pod IPs or node IPs',
    'Kubernetes pods cannot reach services in another spoke',
  ),
  p(
    'flow records stopped arriving once the data disk hit 90 percent',
    'Why did CoPilot stop showing new flows',
    'CoPilot storage sizing and data retention',
  ),
  p(
    'proxy tls inspection breaks software download',
    'Why does the Controller upgrade fail behind our corporate proxy',
    'Upgrade dry run reports errors',
  ),
  p('anyone on the vpn can reach every server', 'Restricting what VPN users can reach with profiles'),
  p(
    'browser warning when opening the controller page',
    "Replacing the Controller's self-signed TLS certificate",
  ),

  // Misspellings: words of the bodies, typed fast.
  m('elastc ip controler stop start', 'We stopped and started the Controller'),
  m(
    'sesion persistance azure load balancer firewal',
    'Why does my Azure FireNet firewall drop return packets',
    'Asymmetric traffic through firewalls in Azure FireNet',
  ),
  m('aes-ni misssing kvm edge', 'Edge on KVM gives 300 Mbps', 'Deploying Acme Edge on KVM'),
  m(
    'nameservrs search domians vpn',
    'Why can VPN users ping servers by IP',
    'Resolving private DNS names over user VPN',
    'VPN client says Connected but nothing loads',
  ),
  m(
    'grace perod licence expiery',
    'What happens when a licence expires?',
    'Our licence renewal is stuck',
    "Getting 'License in use by another controller'",
  ),
  m(
    'route aproval pending prefixs',
    'Someone advertised 0.0.0.0/0 from the DC',
    'Route filtering and propagation',
  ),
  m(
    'anomaly sensitivty lerning period',
    'Tuning anomaly detection alerts to reduce noise',
    'Anomaly detection',
  ),
  m('mss clampp lte edge', 'Why do SSH sessions freeze', 'Edge tunnels up but large packets are dropped'),
  m(
    'burstable instanse throughput drops',
    'Why was gateway throughput great in testing',
    'Low throughput between spokes',
  ),
  m(
    'segmentaton default domain isolated',
    'Enabled segmentation and everything stopped talking',
    'Network domains and connection policies',
    'Network domains and segmentation',
  ),

  // Questions: whole sentences.
  q(
    'why does our partner need a new ip every time we add a firewall',
    'Partner needs a fixed IP for allowlisting',
  ),
  q(
    'how many days can the controller go without reaching the licence server',
    'Licence check fails on Controllers without internet access',
  ),
  q(
    'what happens to open tcp sessions when one transit of the pair dies',
    'How ActiveMesh HA works for transit and spoke gateways',
    'ActiveMesh high availability',
  ),
  q(
    'why does the vpn client say tunnel device unavailable on my mac',
    'VPN client on macOS: allowing the network extension',
  ),
  q(
    'why does the vpn login hang when we are in the office but work from home',
    'VPN client SAML login says success in the browser',
  ),
  q(
    'how many gcp routes does one remote prefix use with an ha pair',
    'How do I fix GCP spokes failing with',
    "GCP: route priority and the fabric's custom routes",
  ),
  q(
    'can i turn an existing gateway into a high performance encryption gateway',
    'Enabling HPE for high throughput between spoke and transit',
    'High-Performance Encryption (HPE)',
  ),
  q(
    'how do i stop two second tunnel blips from waking up the on call engineer',
    'CoPilot pages us every time a tunnel flaps',
    'Tuning anomaly detection alerts to reduce noise',
  ),
  q(
    'how much free disk does the controller need before upgrading',
    'Pre-upgrade checklist for Controller and gateways',
    'Upgrade dry run reports errors',
  ),
  q(
    'what does the licence server do when we restore a backup on a new instance',
    "Getting 'License in use by another controller'",
    'Transferring a licence to a new Controller',
  ),

  // One or two words.
  s(
    'mss clamp',
    'Why do SSH sessions freeze',
    'Edge tunnels up but large packets are dropped',
    "Controller 8.1: what's new",
    'Low throughput between spokes',
    'VPN client says Connected but nothing loads',
  ),
  s('cpu credits', 'Why was gateway throughput great in testing', 'Low throughput between spokes'),
  s('nxdomain', 'Resolving private DNS names over user VPN'),
  s('fips', 'AWS GovCloud and China regions support'),
  s(
    'grace period',
    'What happens when a licence expires?',
    'Our licence renewal is stuck',
    "Getting 'License in use by another controller'",
    'Licensing models',
  ),
  s('pmtud', 'Edge tunnels up but large packets are dropped'),
  s(
    'sni',
    'Why does my domain rule not match? Wildcards and SNI',
    'Restricting internet egress with the FQDN filter',
  ),
  s(
    'netflow export',
    'FlowIQ shows no flow data',
    'FlowIQ has data for AWS gateways but nothing from Azure',
    'Deploying CoPilot and connecting it to the Controller',
  ),
  s('advance replacement', 'Hardware appliance RMA process'),
  s(
    'elastic ip',
    'We stopped and started the Controller',
    'Partner needs a fixed IP for allowlisting',
    'Deploying the Controller from the AWS Marketplace',
  ),
  s(
    'host-passthrough',
    'Edge on KVM gives 300 Mbps',
    'Deploying Acme Edge on KVM',
    'Edge deployment on ESXi and KVM',
  ),
  s(
    'alert fatigue',
    'CoPilot pages us every time a tunnel flaps',
    'Tuning anomaly detection alerts to reduce noise',
  ),

  // Identifiers: release numbers and error codes (visitor), tracker keys and ticket numbers (agent). First or miss.
  v('upgrade 7.2 to 8.1', 'Supported upgrade path from 7.2 to 8.1'),
  v('8.1.1050 release notes', 'Controller 8.1.1050 release notes'),
  v('2023.39.8', 'Edge OS 2023.39.8 release notes'),
  v('7.2.4820', 'Controller 7.2.4820 release notes'),
  v('what changed in 8.0.2210', 'Controller 8.0.2210 release notes'),
  v('AC-32117', 'Controller 8.1.1050 release notes'),
  v('CVE-2025-9230', 'Controller 8.1.1050 release notes'),
  v('VC-1301', 'VPN client 3.5 release notes'),
  v('ED-1822', 'Edge OS 2023.39.8 release notes'),
  v('QUOTA_EXCEEDED', 'How do I fix GCP spokes failing with'),
  v('RouteLimitExceeded', 'AWS: route table limit reached'),
  v(
    'upgrade from 8.0 to 8.1',
    'Supported upgrade path from 7.2 to 8.1',
    "Why won't the Controller let me upgrade to 8.1",
    "Controller 8.1: what's new",
  ),
  a('NET-1008', 'Site2Cloud rekey races with DPD'),
  a('net-1030', 'Upgrade dry run does not check disk space'),
  a('NET-1022', 'OCI region ap-sydney-1 missing from image catalog'),
  a('29', 'High latency after gateway upgrade'),
  a('#29', 'High latency after gateway upgrade'),
  a('#3', 'Controller upgrade from 7.1 to 7.2 fails pre-check'),
  a('ticket 31', 'CoPilot disk almost full'),

  // Off-topic: another vendor's product, an office application, a home device. Must find nothing.
  o('outlook keeps asking for my password'),
  o('excel formula returns value error'),
  o('netgear router keeps dropping wifi at home'),
  o('meraki mx firmware upgrade schedule'),
  o('fortigate ssl vpn license expired'),
  o('iphone will not charge'),
  o('printer offline on windows 11'),
  o('powerpoint slides export to pdf'),
  o('zoom meeting microphone echo'),
  o('juniper srx commit confirmed rollback'),
];
