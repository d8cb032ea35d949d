import type { RelevanceQuery } from './queries';

/**
 * The held-out relevance set: queries never used to tune search (the synonym list `config/search-synonyms.yaml`,
 * the spelling and partial-match fallbacks) and never to be used for it. Written on 2026-11-27 from the bodies
 * of the items in `content/`, not their titles: a paragraph in the middle of an article, then what a customer
 * with that problem would type (an error message, a setting, a number, a symptom), with the items that answer
 * it (title prefixes, any one counts). Words of the title are not reused on purpose and no query of the tuning
 * set (`queries.ts`) is copied. The nonsense queries were checked with grep to match nothing in `content/`.
 * Kinds in about the tuning set's proportions. The file was committed before any search was run on it; a query
 * or its expected items are never changed after seeing results (only a factual mistake in an expected item,
 * e.g. a prefix that names no item, may be fixed, and the fix is said in bench/README.md).
 */

const p = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'paraphrase', query, expect });
const m = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'misspelling', query, expect });
const q = (query: string, ...expect: string[]): RelevanceQuery => ({ kind: 'question', query, expect });
const n = (query: string): RelevanceQuery => ({ kind: 'nonsense', query, expect: [] });

export const HELD_OUT_QUERIES: RelevanceQuery[] = [
  // Paraphrases: the customer's words, taken from what the body describes.
  p('gateway list takes ten seconds to load', 'Choosing an instance size for the Controller'),
  p('no space left on device during upgrade', 'Gateway disk full', 'Upgrade dry run reports errors'),
  p(
    'VERIFY ERROR depth=0 certificate has expired',
    'Renewing the VPN server certificate',
    'All VPN users dropped at 9am',
  ),
  p('decode authorization failure message', "AWS: gateway launch fails with 'not authorized"),
  p('service control policy blocks gateway creation', "AWS: gateway launch fails with 'not authorized"),
  p('maximum number of routes has been reached rtb', 'AWS: route table limit reached'),
  p('sr-iov azure gateway nic', 'Azure: enabling Accelerated Networking'),
  p('basic sku public ip retired vpn load balancer', 'Azure: availability zones vs availability sets'),
  p('cloud router routes win over fabric routes gcp', "GCP: route priority and the fabric's custom routes"),
  p(
    'single stream capped at 5 gbps aws',
    'Instance network bandwidth limits per cloud',
    'Low throughput between spokes',
  ),
  p('reserved public ips per region oci', 'OCI: service limits and compartments'),
  p('assertion not yet valid copilot clock', 'CoPilot login fails after enabling SAML'),
  p('copilot disk per million flow records', 'CoPilot storage sizing and data retention'),
  p('usb stick fat32 branch appliance', 'Zero-touch provisioning of Edge appliances'),
  p('challenge string recovery mode', 'Recovering console access to an Edge appliance'),
  p('certificate of destruction disk', 'Hardware appliance RMA process'),
  p(
    'site router sends default route to edge',
    'LAN-side BGP between Edge and the site router',
    'Someone advertised 0.0.0.0/0 from the DC',
  ),
  p('firewall comes up preconfigured authcode bucket', 'Bootstrapping third-party firewall VMs in FireNet'),
  p('x-forwarded-for firewall sees load balancer ip', 'Inspecting inbound internet traffic'),
  p('siem parse acme-dfw syslog', 'Logging and exporting distributed firewall hits'),
  p('no_proposal_chosen dpd timeout', 'IPsec tunnels flapping every few minutes'),
  p('ntlm proxy license server', 'Licence check fails on Controllers without internet'),
  p('stopped instances still count byol units', 'How gateways and Edge appliances are counted'),
  p('exclude from bulk upgrade', 'Rolling back a gateway to the previous software version'),
  p('enable_jumbo_frame renamed', 'Terraform plan shows changes after a Controller upgrade'),
  p('route 53 resolver inbound endpoint vpn users', 'Resolving private DNS names over user VPN'),

  // Misspellings, as typed in a hurry.
  m('anual true up usage export', 'Annual true-up'),
  m('licence chek offline controler', 'Licence check fails on Controllers without internet'),
  m('gcp route prioirty cloud router', "GCP: route priority and the fabric's custom routes"),
  m('copilot saml redirct loop', 'CoPilot login fails after enabling SAML'),
  m('netflow retenton days copilot', 'CoPilot storage sizing and data retention', 'FlowIQ traffic analytics'),
  m('cross regon data transfer charges', 'Finding expensive inter-region and inter-cloud traffic'),
  m('latancy between gateways graph', 'Measuring latency and throughput between gateways'),
  m('pagerduty webhok', 'Sending CoPilot alerts to Slack, Teams or PagerDuty'),
  m(
    'expressroute edge atachment',
    'Attaching an Edge site to transit over Direct Connect or ExpressRoute',
    'Acme Edge architecture',
  ),
  m(
    'virt-instal edge qcow2',
    'Deploying Acme Edge on KVM with virt-install',
    'Edge deployment on ESXi and KVM',
  ),
  m(
    'ova vsphere edge deploymnet',
    'Deploying an Acme Edge virtual appliance on VMware ESXi',
    'Edge deployment on ESXi and KVM',
  ),
  m('edge os upgarde rollback partition', 'Upgrading Edge OS from the Controller', 'Edge OS CLI reference'),
  m(
    'path mtu fragmantation edge',
    'Edge tunnels up but large packets are dropped',
    'Why do SSH sessions freeze',
  ),
  m(
    'wildcard subdomian egress blocked',
    'Why does my domain rule not match?',
    'Egress FQDN filtering',
    'Restricting internet egress with the FQDN filter',
  ),
  m('distributd firewall syslog export', 'Logging and exporting distributed firewall hits'),
  m(
    'ingres load balancer inspection',
    'Inspecting inbound internet traffic',
    'Deploying FireNet for east-west and egress inspection',
  ),
  m('security group managment controller gateways', 'Which ports does the Controller need open?'),
  m(
    'onboard azure subscripton app registration',
    'Onboarding AWS, Azure, GCP and OCI accounts',
    'Access accounts',
  ),
  m('controler api rate limt', 'Controller API'),
  m('egress filtr monitor mode', 'Restricting internet egress with the FQDN filter', 'Egress FQDN filtering'),

  // Whole questions, the way they are asked.
  q(
    'why does the controller say unable to contact license server',
    'Licence check fails on Controllers without internet',
  ),
  q(
    'how many routes can an aws route table hold before spokes lose reachability',
    'AWS: route table limit reached',
  ),
  q(
    'why do static routes from terraform with priority 0 override the fabric in gcp',
    "GCP: route priority and the fabric's custom routes",
  ),
  q(
    'how much throughput can a single flow get on aws',
    'Instance network bandwidth limits per cloud',
    'Low throughput between spokes',
  ),
  q(
    'what do i do when copilot says authentication failed after we turned on sso on the controller',
    'CoPilot login fails after enabling SAML',
  ),
  q(
    'how much disk does copilot need for 40 million flows a day',
    'CoPilot storage sizing and data retention',
  ),
  q(
    'which services are behind our high data transfer bill between regions',
    'Finding expensive inter-region and inter-cloud traffic',
  ),
  q(
    'how do i check latency between a spoke and the transit',
    'Measuring latency and throughput between gateways',
  ),
  q(
    'what mtu should i set on the edge wan for a pppoe line',
    'Edge tunnels up but large packets are dropped',
  ),
  q('how long is the outage when upgrading an edge appliance', 'Upgrading Edge OS from the Controller'),
  q(
    'how fast does the second branch box take over when the first one dies',
    'Building an HA pair of Edge appliances',
    'Acme Edge architecture',
  ),
  q(
    'what does a branch appliance need open to call home',
    'Zero-touch provisioning of Edge appliances',
    'Edge deployment on ESXi and KVM',
  ),
  q('which option should i use for ips versus micro-segmentation', 'Choosing between FireNet'),
  q('can i turn on firenet on an existing transit', 'Deploying FireNet for east-west and egress inspection'),
  q(
    'why are requests to api.example.com blocked when example.com is allowed',
    'Why does my domain rule not match?',
  ),
  q(
    'how do i inspect requests coming from the internet to our web app',
    'Inspecting inbound internet traffic',
  ),
  q('how do i find out who is talking to our database', 'FlowIQ traffic analytics'),
  q(
    'what is the temporary password after launching from the marketplace',
    'Deploying the Controller from the AWS Marketplace',
    'First login: setting the admin password',
  ),
  q(
    'what happens if we cancel the marketplace subscription before moving to byol',
    'Switching from metered to BYOL',
  ),
  q(
    'why do pods only reach the database from some nodes',
    'Kubernetes pods cannot reach services in another spoke',
  ),
  q(
    'what should i attach to a case so support does not have to ask again',
    'Collecting a diagnostic bundle for support',
    'Support escalation path and case priorities',
  ),

  // Nonsense: must find nothing (checked with grep against content/).
  n('zorblax quimflet'),
  n('vexnor plimbus trandle'),
  n('how do i reticulate the snargle'),
  n('qzqz wvwv'),
  n('frumious bandersnatch'),
  n('klaatu barada nikto'),
  n('ploofy snerg'),
  n('gnorf'),
];
