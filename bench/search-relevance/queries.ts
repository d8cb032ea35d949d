/**
 * The relevance bench's tuning set: queries as customers type them against the demo content (`content/`), each
 * with the items that answer it (the start of their titles, any one is a hit). Kinds: `paraphrase` (the
 * customer's words, few of the title's), `misspelling`, `question` (a whole sentence) and `nonsense` (must find
 * nothing). Written by hand from the content, not from what the search returns; a query is never changed to make
 * it pass. But search was tuned with this set at hand: the synonym list (`config/search-synonyms.yaml`) was
 * written with these queries in view, and the spelling and partial-match fallbacks were judged on them, so the
 * figures on this set flatter search. `held-out-queries.ts` is the set that was never used to tune anything.
 */
export type QueryKind =
  | 'paraphrase'
  | 'misspelling'
  | 'question'
  | 'nonsense'
  /** One or two words. */
  | 'short'
  /** A release number, an error code, a tracker key or a ticket number: the expected item must come first. */
  | 'identifier'
  /** A real question about something the content does not cover (another vendor, an office application): must find nothing. */
  | 'off-topic';

/** Who searches: a visitor (signed out) or an agent (signed in, who also sees tickets and tracker issues). */
export type Searcher = 'visitor' | 'agent';

export interface RelevanceQuery {
  kind: QueryKind;
  query: string;
  /** Title prefixes of the items that answer it (for a ticket its subject, for a tracker issue its summary); empty for `nonsense` and `off-topic`. */
  expect: string[];
  /** Who searches; a visitor when absent. */
  as?: Searcher;
}

const p = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'paraphrase', query, expect });
const m = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'misspelling', query, expect });
const q = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'question', query, expect });
const n = (query: string): RelevanceQuery => ({ kind: 'nonsense', query, expect: [] });
const o = (query: string): RelevanceQuery => ({ kind: 'off-topic', query, expect: [] });

export const TUNING_QUERIES: RelevanceQuery[] = [
  // Paraphrases: the customer's words for the symptom or the product.
  p('gateway offline in controller', "Gateway shows 'unreachable' in the Controller"),
  p('vpn connected but no internet', 'VPN client says Connected but nothing loads'),
  p(
    'dns names not resolving over vpn',
    'Resolving private DNS names over user VPN',
    'Why can VPN users ping servers by IP',
  ),
  p('vnet routes overwritten azure vpn gateway', 'Azure: fabric routes overridden in VNets'),
  p('k8s pods in flowiq', 'Seeing Kubernetes pods and services in FlowIQ'),
  p(
    'mfa okta vpn',
    'Configuring SAML authentication for the VPN client with Okta',
    'VPN SAML authentication',
  ),
  p('dc advertised default route', 'Someone advertised 0.0.0.0/0 from the DC'),
  p('licence expiry', 'What happens when a licence expires?', 'Our licence renewal is stuck'),
  p('license transfer new controller', 'Transferring a licence to a new Controller'),
  p('slow speed between spokes', 'Low throughput between spokes'),
  p('disk space full on gateway', 'Gateway disk full'),
  p('tcpdump on gateway', 'Running a packet capture on a gateway'),
  p('send logs to support', 'Collecting a diagnostic bundle for support'),
  p('give support remote access', 'Granting support temporary access to your Controller'),
  p('roll back gateway version', 'Rolling back a gateway to the previous software version'),
  p('upgrade checklist', 'Pre-upgrade checklist for Controller and gateways'),
  p('hotfix from support', 'Applying a private hotfix provided by support'),
  p('controller backup s3', 'Configure Controller backup to object storage', 'Controller backup and restore'),
  p('controller instance size', 'Choosing an instance size for the Controller'),
  p('firewall ports controller', 'Which ports does the Controller need open?'),
  p('admin password first login', 'First login: setting the admin password and email'),
  p('rbac permission groups', 'Role-based access: creating permission groups', 'User management and RBAC'),
  p(
    'overlapping ip ranges spokes',
    'Connecting spokes with overlapping CIDRs using mapped NAT',
    'How do we connect an acquired company',
  ),
  p('resize spoke without outage', 'Resizing or replacing a spoke gateway without downtime'),
  p('bgp peer not establishing', 'BGP neighbour stuck in Active or Connect state'),
  p('ipsec tunnel keeps dropping', 'IPsec tunnels flapping every few minutes'),
  p(
    'return traffic asymmetric firewall azure',
    'Asymmetric traffic through firewalls in Azure FireNet',
    'Why does my Azure FireNet firewall drop return packets',
  ),
  p('firewall unhealthy firenet', 'Firewall instances marked unhealthy by FireNet health checks'),
  p('egress domain filtering', 'Restricting internet egress with the FQDN filter', 'Egress FQDN filtering'),
  p('copilot alerts slack', 'Sending CoPilot alerts to Slack, Teams or PagerDuty'),
  p(
    'noisy copilot alerts',
    'Tuning anomaly detection alerts to reduce noise',
    'CoPilot pages us every time a tunnel flaps',
  ),
  p('copilot disk retention', 'CoPilot storage sizing and data retention'),
  p('topology map stale', 'Topology map is missing gateways or shows stale links'),
  p('expensive cross region traffic', 'Finding expensive inter-region and inter-cloud traffic'),
  p(
    'edge on vmware',
    'Deploying an Acme Edge virtual appliance on VMware ESXi',
    'Edge deployment on ESXi and KVM',
  ),
  p('edge on qemu', 'Deploying Acme Edge on KVM with virt-install', 'Edge deployment on ESXi and KVM'),
  p('edge hardware replacement', 'Hardware appliance RMA process'),
  p('edge console locked out', 'Recovering console access to an Edge appliance'),
  p('edge mtu large packets dropped', 'Edge tunnels up but large packets are dropped'),
  p('edge ha pair same site', 'Building an HA pair of Edge appliances at one site'),
  p('zero touch edge', 'Zero-touch provisioning of Edge appliances'),
  p('byol or pay as you go', 'BYOL vs metered licensing: which model fits?', 'Licensing models'),
  p('vpn users behind load balancer', 'Setting up user VPN gateways behind a load balancer'),
  p('vpn client ubuntu install', 'Installing the VPN client on Linux (Ubuntu, RHEL)'),
  p('mac vpn network extension', 'VPN client on macOS: allowing the network extension'),
  p('entra id vpn claims', 'VPN client with Microsoft Entra ID: claim mapping'),
  p('terraform getting started', 'Terraform provider quick start', 'Terraform provider'),
  p('connect aws azure gcp accounts', 'Onboarding AWS, Azure, GCP and OCI accounts', 'Access accounts'),
  p(
    'on prem routers bgp ipsec',
    'Connecting on-premises routers with BGP over IPsec',
    'External connections to on-premises networks',
  ),
  p('replace aws tgw with spokes', 'Migrating from AWS Transit Gateway attachments to Acme spokes'),

  // Misspellings, as typed in a hurry.
  m('gatway unreachable', "Gateway shows 'unreachable' in the Controller"),
  m('contoller upgrade path', 'Supported upgrade path from 7.2 to 8.1'),
  m('copilt topology', 'Topology map is missing gateways or shows stale links', 'Topology'),
  m('firenet helth check', 'Firewall instances marked unhealthy by FireNet health checks'),
  m('licnese expires', 'What happens when a licence expires?'),
  m('packet captur gateway', 'Running a packet capture on a gateway'),
  m('diagnostic bundel', 'Collecting a diagnostic bundle for support'),
  m('terrafrom provider', 'Terraform provider quick start', 'Terraform provider'),
  m(
    'kuberentes pods',
    'Kubernetes pods cannot reach services in another spoke',
    'Seeing Kubernetes pods and services in FlowIQ',
  ),
  m(
    'distrbuted firewall rules',
    'Writing distributed firewall rules with workload groups',
    'Distributed firewall',
  ),
  m('vpn clinet linux', 'Installing the VPN client on Linux (Ubuntu, RHEL)'),
  m('split tunnle', 'Split tunnel vs full tunnel for VPN users'),
  m('certifcate renewal vpn', 'Renewing the VPN server certificate before it expires'),
  m('self signed certficate controller', "Replacing the Controller's self-signed TLS certificate"),
  m(
    'overlaping cidrs',
    'Connecting spokes with overlapping CIDRs using mapped NAT',
    'Controlling which CIDRs a spoke advertises',
  ),
  m('mapped nat overlaping', 'Connecting spokes with overlapping CIDRs using mapped NAT', 'Mapped NAT'),
  m('transit peerring', 'Peering transit gateways across clouds', 'Transit peering'),
  m(
    'activemesh ha spoke',
    'How ActiveMesh HA works for transit and spoke gateways',
    'ActiveMesh high availability',
  ),
  m('egres fqdn filter', 'Restricting internet egress with the FQDN filter', 'Egress FQDN filtering'),
  m('anomally detection', 'Tuning anomaly detection alerts to reduce noise', 'Anomaly detection'),
  m('flowiq no data', 'FlowIQ shows no flow data', 'FlowIQ has data for AWS gateways'),
  m('bgp neighbor stuck active', 'BGP neighbour stuck in Active or Connect state'),
  m('ipsec tunels flapping', 'IPsec tunnels flapping every few minutes'),
  m('rma hardwre appliance', 'Hardware appliance RMA process'),
  m('edge consol access', 'Recovering console access to an Edge appliance'),
  m('acclerated networking azure', 'Azure: enabling Accelerated Networking on gateways'),
  m('availibility zones azure', 'Azure: availability zones vs availability sets for gateways'),
  m('govcloud china regoins', 'AWS GovCloud and China regions support'),
  m('route tabel limit aws', 'AWS: route table limit reached when adding spokes'),
  m('shared vpc gcp spoke', 'GCP: deploying spoke gateways in a Shared VPC'),
  m('oci compartmnts', 'OCI: service limits and compartments for gateways'),
  m('marketplce controller deploy', 'Deploying the Controller from the AWS Marketplace'),
  m('backup controler', 'Configure Controller backup to object storage', 'Controller backup and restore'),
  m('saml sso controler login', 'Signing in to the Controller with SAML SSO', 'Controller SAML login'),
  m('upgrade dryrun errors', 'Upgrade dry run reports errors'),
  m('roll back gatway', 'Rolling back a gateway to the previous software version'),
  m('hotfx private', 'Applying a private hotfix provided by support'),
  m('escalaton priority', 'Support escalation path and case priorities'),
  m('securty advisories', 'How security advisories are published and handled'),
  m(
    'meterd billing',
    'Understanding metered usage charges on your cloud bill',
    'Switching from metered to BYOL',
  ),

  // Whole questions, the way they are asked.
  q(
    'why is my gateway showing unreachable in the controller after a restart',
    "Gateway shows 'unreachable' in the Controller",
    'We stopped and started the Controller',
  ),
  q(
    'how do i find my customer id',
    'Where to find your Customer ID and Controller ID',
    'Support keeps asking for our Customer ID',
    'Customer ID and Controller ID',
  ),
  q(
    'what happens on the day my licence expires',
    'What happens when a licence expires?',
    'Our licence renewal is stuck',
  ),
  q(
    'how much throughput should i expect with hpe and why is iperf so low',
    'HPE enabled but iperf only hits',
    'Enabling HPE for high throughput',
  ),
  q(
    'why do vpn users lose connection with certificate verify failed',
    'All VPN users dropped at 9am',
    'Renewing the VPN server certificate',
  ),
  q('how do i upgrade from 7.2 to 8.1', 'Supported upgrade path from 7.2 to 8.1'),
  q(
    'can i still get support on 7.1',
    "We're still on 7.1",
    'Upgrading from End of Support releases',
    'End of Support notice',
  ),
  q(
    'why does terraform show changes after i upgraded the controller',
    'Terraform plan shows changes after a Controller upgrade',
  ),
  q(
    'how can i import existing gateways into terraform',
    'Can I import gateways created in the UI into Terraform',
  ),
  q('why does terraform apply fail with 409 errors', 'Terraform apply fails randomly with HTTP 409'),
  q('what shape should i pick in oci for hpe', 'What OCI shape do I need for HPE gateways?'),
  q(
    'why do ssh sessions hang over the edge site',
    'Why do SSH sessions freeze',
    'Edge tunnels up but large packets are dropped',
  ),
  q('why does kvm edge run slower than esxi', 'Edge on KVM gives 300 Mbps encrypted'),
  q(
    'how do i stop the dc from advertising a default route to all spokes',
    'Someone advertised 0.0.0.0/0 from the DC',
    'Controlling which CIDRs a spoke advertises',
  ),
  q(
    'why did everything stop talking after i enabled segmentation',
    'Enabled segmentation and everything stopped talking',
    'Network domains and connection policies',
  ),
  q('how do i get a fixed egress ip for a partner allowlist', 'Partner needs a fixed IP for allowlisting'),
  q('why does the fqdn filter block apt update', 'Why does the egress FQDN filter block apt update'),
  q('why does my domain rule not match wildcard', 'Why does my domain rule not match?'),
  q(
    'why does flowiq show nothing for azure gateways',
    'FlowIQ has data for AWS gateways but nothing from Azure',
  ),
  q(
    'why did copilot stop showing flows after a few weeks',
    'Why did CoPilot stop showing new flows',
    'CoPilot storage sizing and data retention',
  ),
  q(
    'how do i make copilot alerts less noisy when a tunnel flaps',
    'CoPilot pages us every time a tunnel flaps',
    'Tuning anomaly detection alerts',
  ),
  q(
    'do dfw rules see pod ips or node ips on eks',
    'Do distributed firewall rules see pod IPs or node IPs on EKS?',
  ),
  q(
    'why did load balancer health checks fail after default deny',
    'Why did load balancer health checks fail after turning on DFW default deny?',
  ),
  q(
    'why is one gateway in my ha pair idle, is activemesh broken',
    'One member of my spoke HA pair carries almost no traffic',
    'How ActiveMesh HA works',
  ),
  q(
    'why does the controller upgrade fail behind our proxy',
    'Why does the Controller upgrade fail behind our corporate proxy',
  ),
  q('why is the controller upgrade stuck in progress for an hour', 'Controller upgrade stuck'),
  q(
    'why does the image upgrade in azure fail with quota exceeded',
    'Why does image upgrade in Azure fail with',
  ),
  q('how do i fix quota routes exceeded on gcp spokes', 'How do I fix GCP spokes failing with'),
  q(
    'why do my spoke vpc route tables not get routes after attaching to transit',
    "Why don't my spoke VPC route tables get routes",
  ),
  q(
    'how can okta groups map to controller permission groups',
    'Can Okta groups drive Controller permission groups automatically?',
  ),
  q(
    'why does the vpn client keep spinning after saml login succeeds',
    'VPN client SAML login says success in the browser',
  ),
  q(
    'why can vpn users reach servers by ip but not by name',
    'Why can VPN users ping servers by IP but not by name?',
    'Resolving private DNS names over user VPN',
  ),
  q(
    'how do i connect an acquired company that uses the same 10.0.0.0/16',
    'How do we connect an acquired company',
    'Connecting spokes with overlapping CIDRs',
  ),
  q('what does certificate not yet valid mean during edge ztp', 'Edge appliance ZTP fails with'),
  q(
    'why does my azure firenet firewall drop packets as non syn',
    'Why does my Azure FireNet firewall drop return packets as non-SYN?',
    'Asymmetric traffic through firewalls in Azure FireNet',
  ),
  q(
    'why was throughput great in testing but bad in production',
    'Why was gateway throughput great in testing but terrible in production?',
  ),
  q(
    'what happens when our licence renewal is stuck in procurement',
    'Our licence renewal is stuck in procurement',
  ),
  q(
    'license in use by another controller after restoring a backup',
    "Getting 'License in use by another controller'",
  ),
  q(
    'how do i recover when every gateway is unreachable after stopping the controller',
    'We stopped and started the Controller and now every gateway is unreachable',
  ),
  q('how do i give support access to my controller', 'Granting support temporary access to your Controller'),
  q('which ports need to be open for the controller', 'Which ports does the Controller need open?'),
  q('how do i send copilot alerts to microsoft teams', 'Sending CoPilot alerts to Slack, Teams or PagerDuty'),
  q('how are gateways counted for licensing', 'How gateways and Edge appliances are counted'),
  q('can i switch from metered to byol', 'Switching from metered to BYOL'),
  q(
    'what is the difference between software upgrade and image upgrade',
    'Software upgrade vs image upgrade for gateways',
  ),

  // Nonsense: must find nothing.
  n('qwxzv blorft'),
  n('zzkq'),
  n('flurbnik snorkwazzle'),
  n('how do i flurbnik the snorkwazzle'),
  n('xyzzy plugh'),
  n('vrrrmph quonk'),
  n('jklmn qwert zxcvb'),
  n('asdfghjkl'),
  n('glorbified wumpus'),
  n('why is my frobnicator quuxing'),
  n('zqxj vbnm'),
  n('plonkity plonk'),
  n('mxyzptlk'),
  n('blargh fnord'),
  n('qqqqxj'),
  n('wibble wobble flimflam'),
  n('grault garply waldo'),

  // Off-topic (added 2026-11-27 to calibrate the partial match's "nothing found" threshold; none is a copy of
  // the fresh set's): another vendor's product, an office or home device. Each subject was checked with grep
  // to be in no item of content/. Must find nothing.
  o('gmail attachments too large to send'),
  o('android phone battery drains overnight'),
  o('thunderbird will not sync my calendar'),
  o('spreadsheet pivot table shows blank rows'),
  o('bluetooth headphones keep disconnecting from the laptop'),
  o('chromecast not found on the home network'),
  o('anyconnect certificate validation failure'),
  o('globalprotect portal keeps prompting for credentials'),
  o('canon scanner driver missing after update'),
  o('xbox party chat lag with strict nat'),
  o('dropbox folder stuck syncing'),
  o('roku remote not pairing'),

  // Off-topic, a foreign name among ordinary words the content holds (added 2026-11-28 to calibrate the foreign
  // words' share of a query's weight, suggest.ts; written without opening the fresh set). Each subject checked
  // with grep to be in no item of content/. Must find nothing.
  o('my outlook keeps crashing when i open attachments'),
  o('netgear router wifi drops every evening'),
  o('how to reset a fortinet fortigate admin password'),
  o('sonicwall vpn client disconnects after a few minutes'),
  o('quickbooks invoice shows the wrong tax'),
  o('sharepoint permissions are not inherited by the subfolders'),
  o('skype calls drop when i start screen sharing'),
  o('laserjet prints blank pages after the firmware update'),
  o('teams meeting audio keeps cutting out on the laptop'),
  o('iphone hotspot not showing up on my windows laptop'),
  o('alexa speaker lost its network connection'),
  o('onedrive sync paused because storage is full'),
];
