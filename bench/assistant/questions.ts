/**
 * Questions as customers ask the support assistant, each with the items whose passages answer it. Written by
 * hand from the demo content (`content/`: kb articles, docs pages, community posts). Kinds: `sentence` (a
 * whole question in the customer's words), `symptom` (what they see, not the feature name), `follow-up` (a
 * short question that only makes sense after the earlier one) and `unanswerable` (plausible, but the content
 * does not answer it). A question or its expected items are never changed to make the assistant pass.
 * This is the tuning set: the assistant's two settings were chosen on it (`MIN_CONFIDENT_SCORE`, the confidence
 * threshold, and `ABSENT_TERM_FACTOR`, the weight of a word the help content never uses, in
 * `src/server/services/assistant/passage-ranking.ts`), so the figures on this set flatter the assistant.
 * `held-out-questions.ts` is the set that was never used to choose anything.
 */
export type QuestionKind =
  | 'sentence'
  | 'symptom'
  | 'follow-up'
  | 'unanswerable'
  /** About release numbers: upgrading between releases, what a release fixed or needs. */
  | 'release';

export interface BenchQuestion {
  kind: QuestionKind;
  /** The question as the customer types it. */
  ask: string;
  /** For a follow-up: the question asked just before it in the same conversation. */
  earlier?: string;
  /**
   * Passage title prefixes that answer it (any one in the three shown is a hit): the start of an item's title,
   * or `Full item title › Heading` to demand one section. Empty for `unanswerable`.
   */
  expect: string[];
}

const s = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'sentence', ask, expect });
const y = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'symptom', ask, expect });
const f = (earlier: string, ask: string, ...expect: string[]): BenchQuestion => ({
  kind: 'follow-up',
  earlier,
  ask,
  expect,
});
const u = (ask: string): BenchQuestion => ({ kind: 'unanswerable', ask, expect: [] });
const r = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'release', ask, expect });

export const TUNING_QUESTIONS: BenchQuestion[] = [
  // Sentences: whole questions as customers write them, answered mainly by community posts.
  s(
    'We restored a backup onto a new Controller and now it says another controller holds the licence. Fix?',
    "Getting 'License in use by another controller'",
    'Transferring a licence to a new Controller',
  ),
  s(
    'A partner wants to allowlist our source IPs, but our internet goes out via the firewalls. Which IPs?',
    'Partner needs a fixed IP for allowlisting',
    'FireNet inspection policies › Egress through firewalls',
  ),
  s(
    'We built thirty spokes by hand in the console; can Terraform take them over without rebuilding them?',
    'Can I import gateways created in the UI into Terraform',
  ),
  s(
    "Can the Controller take admins' permission groups from Okta at login, so we stop adding them by hand?",
    'Can Okta groups drive Controller permission groups',
    'Controller SAML login › Attribute mapping',
    'Signing in to the Controller with SAML SSO',
  ),
  s(
    'Our Controller and gateways still run 7.1; will your support team help us with a BGP problem?',
    "We're still on 7.1 — will support",
    'End of Support notice: Controller 7.1',
    'Upgrading from End of Support releases',
  ),
  s(
    'Which VM shape should I pick in Oracle Cloud so the Controller accepts HPE on a new transit?',
    'What OCI shape do I need for HPE gateways?',
    'OCI: service limits and compartments',
    'Enabling HPE for high throughput',
  ),
  s(
    'Three CI pipelines run Terraform against one Controller; how do we stop them colliding with a 409?',
    'Terraform apply fails randomly with HTTP 409',
    'Terraform provider › Concurrency',
    'Terraform provider quick start',
  ),
  s(
    'We bought a company whose VPC is 10.0.0.0/16 like ours; how can they reach our services without re-IP?',
    'How do we connect an acquired company',
    'Connecting spokes with overlapping CIDRs using mapped NAT',
    'Mapped NAT',
  ),
  s(
    'I inherited our Acme setup from a colleague who left. Where are the IDs support keeps asking for?',
    'Support keeps asking for our Customer ID',
    'Where to find your Customer ID and Controller ID',
    'Customer ID and Controller ID',
  ),
  s(
    'Should our distributed firewall rules for the EKS cluster use the namespaces or the worker nodes?',
    'Do distributed firewall rules see pod IPs or node IPs on EKS?',
    'Kubernetes pods cannot reach services in another spoke',
  ),
  s(
    "Our BYOL renewal won't be signed before the end date on Friday; will our network go down?",
    'Our licence renewal is stuck in procurement',
    'What happens when a licence expires?',
    'Licensing models › Licence validation',
  ),
  s(
    'What is the safe way to turn on segmentation on a transit that already has forty spokes attached?',
    'Enabled segmentation and everything stopped talking',
    'Network domains and connection policies',
  ),
  s(
    'How can we stop getting paged for tunnels that drop for two seconds and come straight back?',
    'CoPilot pages us every time a tunnel flaps',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
    'CoPilot 4.6 release notes',
  ),
  s(
    'What entry do I put in the egress allowlist so apt can reach the Ubuntu mirrors?',
    'Why does the egress FQDN filter block apt update',
    'Restricting internet egress with the FQDN filter',
    'Why does my domain rule not match?',
  ),
  s(
    'How do we make sure a default route from our data-centre router is never accepted again?',
    'Someone advertised 0.0.0.0/0 from the DC',
    'Route filtering and propagation › Route approval',
  ),
  s(
    'Is it normal that a single iperf stream over our HPE attachment only reaches about 1.6 Gbps?',
    'HPE enabled but iperf only hits 1.6 Gbps',
    'High-Performance Encryption (HPE) › Expectations',
    'Enabling HPE for high throughput',
  ),
  s(
    'How many extra vCPUs of quota do we need in Azure before we image-upgrade a dozen gateways?',
    'Why does image upgrade in Azure fail with',
    'Gateway image upgrade › Prerequisites',
    'Software upgrade vs image upgrade for gateways',
  ),
  s(
    'How do we keep gateways talking to the Controller when we stop it to change its instance type?',
    'We stopped and started the Controller and now every gateway',
    'Choosing an instance size for the Controller',
  ),

  // Sentences answered mainly by the product documentation.
  s(
    'Our Azure app registration secret runs out next month; what stops working if we forget to rotate it?',
    'Access accounts',
  ),
  s('How many spokes can I attach to one transit gateway on 8.1?', 'Transit gateway overview › Limits'),
  s(
    'Can I switch on HPE later for a transit that was built without it?',
    'High-Performance Encryption (HPE) › Requirements',
    'Transit gateway overview › Deployment options',
    'Enabling HPE for high throughput',
  ),
  s(
    'If the Controller instance dies, does our traffic stop, and how do others make it highly available?',
    'Controller backup and restore › High availability for the Controller',
    'Configure Controller backup to object storage',
  ),
  s(
    'Which ports does CoPilot listen on for NetFlow and syslog from the gateways?',
    'CoPilot overview › Data sources',
    'Which ports does the Controller need open?',
    'Deploying CoPilot and connecting it',
  ),
  s(
    'After we tag a new instance, how long until the distributed firewall rules apply to it?',
    'Distributed firewall › Workload groups',
    'Writing distributed firewall rules with workload groups',
  ),
  s(
    'What does the Controller record about admin changes and how long does it keep that history?',
    'User management and RBAC › Audit',
  ),
  s(
    "How many requests per second can our automation send to the Controller's REST API?",
    'Controller API › Rate limits and locks',
  ),
  s(
    'How long does an API session token stay valid, and is there something longer-lived for scripts?',
    'Controller API › Authentication',
  ),
  s(
    'Which Windows, macOS and Linux versions can run the VPN client?',
    'VPN client installation and deployment › Supported platforms',
    'VPN client 3.5 release notes',
    'Installing the VPN client on Linux',
  ),
  s(
    'How do we push the VPN client to all our Windows laptops without users clicking through an installer?',
    'VPN client installation and deployment',
  ),
  s(
    'How long does anomaly detection learn before it flags anything, and what do sensitivity levels mean?',
    'Anomaly detection',
    'Tuning anomaly detection alerts',
  ),
  s(
    'How do I keep backup replication between two known servers from going through the FireNet firewalls?',
    'FireNet inspection policies › Exclusions',
  ),
  s(
    'If one firewall in the FireNet pool fails, what happens to the sessions that were going through it?',
    'FireNet architecture › Scaling and availability',
  ),
  s(
    'How many vCPUs and how much RAM does a virtual Edge need to push 5 Gbps encrypted?',
    'Edge deployment on ESXi and KVM › Sizing',
    'Deploying an Acme Edge virtual appliance on VMware ESXi',
  ),
  s(
    'Which command on the Edge appliance shows the BGP neighbours and the state of the tunnels?',
    'Edge OS CLI reference',
    'LAN-side BGP between Edge and the site router',
  ),
  s(
    'Can I export FlowIQ results to CSV, and is there a limit on the number of rows?',
    'FlowIQ traffic analytics › Sampling and retention',
    'CoPilot 4.8 release notes',
    'CoPilot 4.6 release notes',
  ),
  s(
    'Does rebuilding a gateway from a newer image keep its public IP address?',
    'Gateway image upgrade',
    'Software upgrade vs image upgrade for gateways',
    'Resizing or replacing a spoke gateway',
  ),
  s(
    'Can I roll the Controller itself back to the previous version if an upgrade goes wrong?',
    'Software upgrade › Rollback',
    'Controller upgrade stuck "in progress"',
    'Rolling back a gateway to the previous',
  ),
  s(
    'Can we run gateways in the US government regions of AWS and Azure?',
    'Cloud provider support matrix',
    'AWS GovCloud and China regions support',
  ),
  s(
    'We have two peerings to another region; how do I make one of them only a backup path?',
    'Peering transit gateways across clouds',
    'Transit peering › Route control',
  ),
  s(
    'How are remote-access VPN users licensed, and do the VPN gateways count as well?',
    'Licensing models',
    'Licensed features: Advanced tier',
    'How gateways and Edge appliances are counted',
  ),
  s(
    'What happens to traffic when one gateway of a spoke HA pair dies, and how quickly does it fail over?',
    'ActiveMesh high availability › Failure handling',
    'How ActiveMesh HA works for transit',
  ),
  s('Can mapped NAT translate IPv6 subnets as well?', 'Mapped NAT › Limitations'),
  s(
    'Do our VPN users still need a personal certificate each once we switch to SAML?',
    'VPN SAML authentication › Operational notes',
    'Setting up user VPN gateways behind a load balancer',
  ),
  s(
    'Can I save a filtered topology layout in CoPilot and send it to a colleague?',
    'Topology › Views and filters',
    'CoPilot 4.8 release notes',
  ),
  s(
    'How often does CoPilot pull the topology from the Controller?',
    'Topology › Refresh',
    'Topology map is missing gateways',
  ),
  s(
    'When the same prefix comes from a spoke and from our data centre, which one does the transit use?',
    'Route filtering and propagation › Propagation rules',
    'External connections to on-premises networks › Route exchange',
    'Connecting on-premises routers with BGP over IPsec',
  ),
  s(
    "Can Controller admins sign in through two identity providers, our Okta and a partner's Entra ID tenant?",
    'Controller SAML login › Endpoints',
  ),

  // Sentences answered mainly by knowledge-base articles.
  s(
    'How do I move our licence to the Controller we just rebuilt in another region?',
    'Transferring a licence to a new Controller',
    'Customer ID and Controller ID › Relationship and transfers',
  ),
  s(
    'Which instance type should the Controller run on for about 120 gateways?',
    'Choosing an instance size for the Controller',
  ),
  s(
    'How do I get CoPilot alerts into a Microsoft Teams channel?',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
  ),
  s(
    'One of our Edge hardware boxes is dead; how do we get a replacement shipped?',
    'Hardware appliance RMA process',
  ),
  s(
    'Nobody remembers the console password of our Edge appliance; how can we reset it?',
    'Recovering console access to an Edge appliance',
  ),
  s(
    'How do I pull the usage numbers our account team wants for the yearly true-up?',
    'Annual true-up: exporting usage reports',
    'How gateways and Edge appliances are counted',
  ),
  s(
    "We're on the marketplace pay-as-you-go plan and signed a term licence; in what order do we switch over?",
    'Switching from metered to BYOL',
    'BYOL vs metered licensing',
  ),
  s(
    'What do the Acme line items on our AWS invoice actually mean? Finance is asking.',
    'Understanding metered usage charges on your cloud bill',
  ),
  s(
    'How can I let a support engineer into our Controller for a couple of days and then cut them off?',
    'Granting support temporary access to your Controller',
  ),
  s(
    "How do we get rid of the browser warning on the Controller and use our company's certificate?",
    "Replacing the Controller's self-signed TLS certificate",
  ),
  s(
    'What should we check before we start moving the Controller to the next release train?',
    'Pre-upgrade checklist for Controller and gateways',
    'Software upgrade › Dry run',
  ),
  s(
    'Support sent us a patch file for our case; how do we install it on the Controller and gateways?',
    'Applying a private hotfix provided by support',
  ),
  s(
    'How do we get notified when you publish a fix for a vulnerability in your products?',
    'How security advisories are published and handled',
  ),
  s(
    'Production traffic is down; what priority do I use and do I need to phone you as well?',
    'Support escalation path and case priorities',
  ),
  s(
    'How do I set up two Edge boxes at the same branch so either can carry the traffic?',
    'Building an HA pair of Edge appliances',
    'Acme Edge architecture › High availability',
  ),
  s(
    'Can our colocation Edge reach the transit over our ExpressRoute circuit instead of the internet?',
    'Attaching an Edge site to transit over Direct Connect',
    'Acme Edge architecture',
  ),
  s(
    'How big should the transit subnets be if we might add HPE and firewalls later?',
    'Transit gateway sizing and subnet planning',
    'High-Performance Encryption (HPE) › Requirements',
  ),
  s(
    'We want to move VPCs off AWS Transit Gateway onto Acme spokes one by one; how does the cutover work?',
    'Migrating from AWS Transit Gateway attachments',
  ),
  s(
    'Our GCP networks live in a host project; where do spokes go and what roles does the account need?',
    'GCP: deploying spoke gateways in a Shared VPC',
  ),
  s(
    'How can I tell whether our Azure gateways use SR-IOV networking, and how do I turn it on?',
    'Azure: enabling Accelerated Networking',
  ),
  s(
    'How much disk does CoPilot need to keep 30 days of flows from about 100 busy gateways?',
    'CoPilot storage sizing and data retention',
    'Deploying CoPilot and connecting it',
  ),
  s(
    'Can I see which application pairs are behind our cross-region data transfer charges?',
    'Finding expensive inter-region and inter-cloud traffic',
  ),
  s(
    'How do we limit contractors on the VPN to one web application and nothing else?',
    'Restricting what VPN users can reach with profiles',
  ),
  s(
    'Should remote staff send all their traffic through the VPN or only traffic for company networks?',
    'Split tunnel vs full tunnel for VPN users',
    'User VPN architecture › Tunnel modes',
  ),
  s(
    'How do I install the VPN client on an Ubuntu jump host with no desktop and still log in with SAML?',
    'Installing the VPN client on Linux',
    'VPN client 3.5 release notes',
  ),
  s(
    'PCI traffic needs IPS but our app tiers just need allow/deny rules; which firewall option fits where?',
    'Choosing between FireNet, distributed firewall',
  ),
  s(
    'What has to be in the storage bucket so our third-party firewalls come up already configured?',
    'Bootstrapping third-party firewall VMs in FireNet',
  ),
  s(
    'How do we ship distributed firewall allow and deny logs to our SIEM?',
    'Logging and exporting distributed firewall hits',
  ),
  s(
    'An app team says the other region is slow; how do I get real latency and bandwidth between gateways?',
    'Measuring latency and throughput between gateways',
    'Low throughput between spokes',
  ),
  s(
    'How do I get FlowIQ to show Kubernetes namespaces instead of raw pod addresses?',
    'Seeing Kubernetes pods and services in FlowIQ',
  ),
  s(
    'We want admins to sign in to the Controller with Entra ID, not local passwords; how do I set that up?',
    'Signing in to the Controller with SAML SSO',
    'Controller SAML login',
  ),
  s(
    "How do I keep the Controller's security group in step as new gateways get created?",
    'Which ports does the Controller need open?',
  ),
  s(
    'How do I get the Controller to save a backup to a storage bucket every day?',
    'Configure Controller backup to object storage',
    'Controller backup and restore',
  ),
  s(
    'What outbound access does a hardware Edge appliance need at a branch to provision itself?',
    'Zero-touch provisioning of Edge appliances',
  ),

  // Symptoms: what the customer sees, not the feature name.
  y(
    'after we resized the controller every gateway is grey and unreachable, though traffic still flows',
    'We stopped and started the Controller and now every gateway',
    "Gateway shows 'unreachable' in the Controller",
  ),
  y(
    'remote users say the vpn shows connected but none of the internal sites load',
    'VPN client says Connected but nothing loads',
  ),
  y(
    "vpn users can open 10.30.4.17 directly but intranet.corp.example doesn't resolve",
    'Why can VPN users ping servers by IP',
    'Resolving private DNS names over user VPN',
  ),
  y(
    'at 9am every remote worker was kicked off the vpn and the client log says certificate has expired',
    'All VPN users dropped at 9am',
    'Renewing the VPN server certificate',
  ),
  y(
    "mac users get 'Tunnel device unavailable' straight after installing the vpn client",
    'VPN client on macOS: allowing the network extension',
  ),
  y(
    "since a macOS update the vpn client won't connect until someone re-enables something in system settings",
    'VPN client 3.4 release notes',
    'VPN client on macOS: allowing the network extension',
  ),
  y(
    'okta in the browser says you may close this window but the vpn client keeps spinning, only in office',
    'VPN client SAML login says success in the browser',
    'Configuring SAML authentication for the VPN client with Okta',
    'VPN SAML authentication',
  ),
  y(
    'vpn logins through entra id suddenly fail with Signature validation failed',
    'VPN client with Microsoft Entra ID: claim mapping',
    'VPN SAML authentication › Operational notes',
  ),
  y(
    'ssh to machines at the factory freezes as soon as a command prints a lot, pings are fine',
    'Why do SSH sessions freeze',
    'Edge tunnels up but large packets are dropped',
  ),
  y(
    'the edge vm on kvm pegs its cpu at 300 mbps while the esxi one on the same hardware does 2 gbps',
    'Edge on KVM gives 300 Mbps encrypted',
    'Deploying Acme Edge on KVM with virt-install',
    'Edge deployment on ESXi and KVM › Sizing',
  ),
  y(
    "new branch box won't register, console shows tls: certificate not yet valid",
    'Edge appliance ZTP fails with',
    'Zero-touch provisioning of Edge appliances',
  ),
  y(
    "new spoke attached, bgp up, but the vpc's private route tables got no routes at all",
    "Why don't my spoke VPC route tables get routes",
    'Spoke gateway overview › Route table programming',
  ),
  y(
    'one gateway of our spoke pair does 800 mbps and the other about 5',
    'One member of my spoke HA pair carries almost no traffic',
    'How ActiveMesh HA works for transit',
  ),
  y(
    'apt update fails on archive.ubuntu.com even though ubuntu.com is in our egress allowlist',
    'Why does the egress FQDN filter block apt update',
    'Why does my domain rule not match?',
  ),
  y(
    "an old java client's https connections get dropped by the egress filter with reason no-sni",
    'Why does my domain rule not match?',
  ),
  y(
    'all our alb targets went unhealthy right after we switched the distributed firewall to default deny',
    'Why did load balancer health checks fail',
    'Distributed firewall › Rules',
  ),
  y(
    'every spoke suddenly sent its internet traffic to the data centre after a router change last night',
    'Someone advertised 0.0.0.0/0 from the DC',
    'Route filtering and propagation › Route approval',
  ),
  y(
    'sessions between azure spokes through the firewalls hang after the handshake, firewall logs non-syn',
    'Why does my Azure FireNet firewall drop',
    'Asymmetric traffic through firewalls in Azure FireNet',
    'Connections reset when traffic takes different',
  ),
  y(
    'both firenet firewalls show red health and inspected traffic is being dropped',
    'Firewall instances marked unhealthy by FireNet',
  ),
  y(
    'flowiq says no data for the selected period although traffic is definitely flowing',
    'FlowIQ shows no flow data',
  ),
  y(
    'flowiq shows our aws spokes but nothing at all from the azure gateways',
    'FlowIQ has data for AWS gateways',
    'FlowIQ shows no flow data',
  ),
  y(
    'copilot stopped showing new flows after three weeks, topology is still fine',
    'Why did CoPilot stop showing new flows',
    'CoPilot storage sizing and data retention',
    'FlowIQ shows no flow data',
  ),
  y(
    'the copilot map still shows spokes we detached days ago and not the ones we just built',
    'Topology map is missing gateways',
    'CoPilot 4.8 release notes',
  ),
  y(
    'since we turned on saml for the controller, copilot sends admins round in a login loop',
    'CoPilot login fails after enabling SAML',
    'CoPilot 4.8 release notes',
  ),
  y(
    'anomaly alerts go off every sunday night when the backup jobs run',
    'Tuning anomaly detection alerts',
    'Anomaly detection › Handling anomalies',
  ),
  y(
    "gateway won't take config changes and its upgrade fails with No space left on device",
    'Gateway disk full: logs filling /var',
  ),
  y(
    'the controller upgrade has been sitting at in progress for 90 minutes',
    'Controller upgrade stuck "in progress"',
  ),
  y(
    'dry run says Unable to reach release server, the controller goes out through a tls-inspecting proxy',
    'Why does the Controller upgrade fail behind our corporate proxy',
    'Upgrade dry run reports errors',
  ),
  y(
    'dry run on 8.0.2210 keeps saying gateways must be upgraded first though I did them all',
    "Why won't the Controller let me upgrade to 8.1",
    'Upgrade dry run reports errors',
    'Supported upgrade path from 7.2 to 8.1',
  ),
  y(
    'after going to 8.1 terraform plan wants to change gateways nobody touched',
    'Terraform plan shows changes after a Controller upgrade',
  ),
  y(
    'half of our azure image upgrades fail with OperationNotAllowed exceeding the Dv5 cores quota',
    'Why does image upgrade in Azure fail with',
    'Gateway image upgrade › Prerequisites',
    'Software upgrade vs image upgrade for gateways',
  ),
  y(
    'gcp spoke events show QUOTA_EXCEEDED for routes since we added more on-prem prefixes',
    'How do I fix GCP spokes failing with',
    'GCP: deploying spoke gateways in a Shared VPC',
  ),
  y(
    "after adding a spoke some aws vpcs can't reach it and the event log says RouteLimitExceeded",
    'AWS: route table limit reached when adding spokes',
  ),
  y(
    'creating a gateway in our second aws account fails within seconds with UnauthorizedOperation',
    "AWS: gateway launch fails with 'not authorized",
  ),
  y(
    'bgp to the dc router sits in Active even though the ipsec tunnel is up',
    'BGP neighbour stuck in Active or Connect state',
  ),
  y(
    'the tunnel to our data centre goes down and up every few minutes and bgp resets each time',
    'IPsec tunnels flapping every few minutes',
  ),
  y(
    "pods in our eks cluster can't reach the database in another spoke but vms in the same vpc can",
    'Kubernetes pods cannot reach services in another spoke',
  ),
  y(
    "file copies between two of our vpcs crawl and I don't know where to start looking",
    'Low throughput between spokes',
    'Measuring latency and throughput between gateways',
  ),
  y(
    'our t3.large spokes did 2 gbps in the poc but drop to 250 mbps for hours in production',
    'Why was gateway throughput great in testing',
    'Low throughput between spokes',
  ),
  y(
    'vms in an azure vnet with an expressroute gateway send on-prem traffic around our spoke gateway',
    'Azure: fabric routes overridden in VNets',
  ),
  y(
    'gcp instances ignore the fabric routes and go out through cloud vpn instead',
    "GCP: route priority and the fabric's custom routes",
  ),
  y(
    'since we added a second path to the data centre some connections get reset right after the handshake',
    'Connections reset when traffic takes different',
  ),
  y(
    'the license page says Unable to contact license server with a countdown, the controller has no internet',
    'Licence check fails on Controllers without internet',
  ),
  y(
    'a feature is greyed out with a lock icon and the tooltip Not included in license',
    'Licensed features: Advanced tier',
  ),
  y(
    'restoring our controller backup on a new instance fails with decrypt error',
    'Configure Controller backup to object storage',
    'Controller backup and restore',
  ),
  y(
    'after restoring onto a new controller the gateways reject it with tls: bad certificate',
    "Gateway shows 'unreachable' in the Controller",
  ),
  y(
    'pagerduty incidents open for every tunnel flap and never close on their own',
    'CoPilot pages us every time a tunnel flaps',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
    'CoPilot 4.8 release notes',
  ),
  y(
    'the slack webhook test from copilot just times out',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
  ),
  y(
    'the controller takes ages to list gateways and terraform applies fail with context deadline exceeded',
    'Choosing an instance size for the Controller',
  ),
  y(
    'edge lan interface on kvm stopped passing traffic after about 49 days of uptime',
    'Edge OS 2023.39.8 release notes',
  ),
  y(
    'terraform import of a spoke attachment that has hpe and was made in the ui keeps failing',
    'Controller 8.1.1050 release notes',
    'Can I import gateways created in the UI into Terraform',
  ),
  y(
    'browsers with post-quantum key shares get their https connections dropped by the egress filter',
    'Controller 8.1.1050 release notes',
  ),
  y(
    'after rolling a gateway back from 8.0.2210 to 8.0.2180 the hpe tunnel count is wrong',
    'Controller 8.0.2210 release notes',
  ),
  y(
    'controller backups to azure blob fail when the container name has capital letters',
    'Controller 7.2.4820 release notes',
  ),
  y(
    'windows vpn users on wi-fi with ipv6-only dns servers leak dns queries outside the tunnel',
    'VPN client 3.5 release notes',
  ),
  y(
    "route tables weren't repointed in an ha failover and the controller shows azure authentication errors",
    'Access accounts',
  ),
  y(
    "every api call that changes something returns 402 and we can't create anything",
    'What happens when a licence expires?',
    'Controller API › Conventions',
  ),
  y(
    'spokes in one region lost reach to the other region right after a colleague removed a peering',
    'Transit peering › Operational notes',
  ),
  y(
    'on-prem prefixes are received but not installed and the controller records a route conflict event',
    'External connections to on-premises networks › Route exchange',
    'Connecting on-premises routers with BGP over IPsec',
  ),

  // Follow-ups: a short question that only makes sense after the one before it.
  f(
    'How do I set up Controller backups to an S3 bucket?',
    "and what if we're on Azure instead?",
    'Configure Controller backup to object storage',
    'Controller backup and restore',
  ),
  f(
    'How do I resize a spoke gateway without an outage?',
    'how long will traffic be interrupted?',
    'Resizing or replacing a spoke gateway',
  ),
  f(
    'How do I upgrade our Controller from 7.2 to 8.1?',
    'how long does each step take?',
    'Supported upgrade path from 7.2 to 8.1',
    'Pre-upgrade checklist for Controller and gateways',
  ),
  f(
    'How do I reset the console password on an Edge appliance from the Controller?',
    "what if it's offline and never registered?",
    'Recovering console access to an Edge appliance',
  ),
  f(
    'How do I transfer our licence to a new Controller after restoring a backup?',
    "and if we can't wait three days?",
    'Transferring a licence to a new Controller',
    "Getting 'License in use by another controller'",
  ),
  f(
    'How do I install the VPN client on RHEL?',
    'does it work on ARM machines too?',
    'Installing the VPN client on Linux',
    'VPN client 3.5 release notes',
    'VPN client installation and deployment › Supported platforms',
  ),
  f(
    'Can CoPilot send its alerts to a Slack channel?',
    'and to PagerDuty?',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
  ),
  f(
    'What ports must be open inbound on the Controller?',
    'and on CoPilot?',
    'Which ports does the Controller need open?',
    'CoPilot overview › Data sources',
    'Deploying CoPilot and connecting it',
  ),
  f(
    'How do I deploy an Edge virtual appliance on VMware?',
    'and on KVM?',
    'Deploying Acme Edge on KVM with virt-install',
    'Edge deployment on ESXi and KVM',
  ),
  f(
    'How do I configure SAML for the VPN client with Okta?',
    'what about Entra ID?',
    'VPN client with Microsoft Entra ID: claim mapping',
  ),
  f(
    'Which CoPilot version do I need with Controller 8.1?',
    'and how do I upgrade it?',
    'Upgrading CoPilot',
    'CoPilot 4.8 release notes',
  ),
  f(
    'How do I roll back a gateway that misbehaves after a patch?',
    'can I do that from 8.1 back to 8.0 too?',
    'Rolling back a gateway to the previous',
    'Software upgrade › Rollback',
  ),
  f(
    'What happens when our BYOL licence expires?',
    "and what if we're on metered?",
    'What happens when a licence expires?',
  ),
  f(
    'How do I connect our data-centre router to the transit with BGP over IPsec?',
    "the BGP session won't come up, what do I check?",
    'BGP neighbour stuck in Active or Connect state',
    'Connecting on-premises routers with BGP over IPsec',
  ),
  f(
    'How do I turn on egress FQDN filtering for a spoke?',
    'can I try it first without blocking anything?',
    'Restricting internet egress with the FQDN filter',
    'Egress FQDN filtering',
  ),
  f(
    'How do I write a distributed firewall rule between two workload groups?',
    'how many rules can I have?',
    'Writing distributed firewall rules with workload groups',
    'Distributed firewall › Scale',
  ),
  f(
    'How do I set up user VPN gateways behind a load balancer?',
    'how many users can each one take?',
    'Setting up user VPN gateways behind a load balancer',
    'User VPN architecture › Capacity',
  ),
  f(
    'How do I get Kubernetes namespaces to show up in FlowIQ?',
    'which versions do I need for that?',
    'Seeing Kubernetes pods and services in FlowIQ',
    'CoPilot 4.6 release notes',
  ),
  f(
    'How do I enable HPE between a spoke and the transit?',
    'can I add it to the gateways we already have?',
    'Enabling HPE for high throughput',
    'High-Performance Encryption (HPE) › Requirements',
    'Transit gateway overview › Deployment options',
  ),
  f(
    'How do I create a permission group for our application team?',
    'can its read-only members run packet captures?',
    'Role-based access: creating permission groups',
    'Running a packet capture on a gateway',
    'User management and RBAC › Permission groups',
  ),
  f(
    'How do I open a P1 case?',
    "and if it's still not fixed after a few hours?",
    'Support escalation path and case priorities',
  ),
  f(
    'How do I upgrade Edge OS from the Controller?',
    'and if the new build misbehaves?',
    'Upgrading Edge OS from the Controller',
    'Edge OS CLI reference',
  ),
  f(
    'Where can I see how much disk each CoPilot index uses?',
    'how do I make the disk bigger?',
    'CoPilot storage sizing and data retention',
    'Why did CoPilot stop showing new flows',
  ),
  f(
    'How do I peer a transit in AWS with one in Azure?',
    'will that show up on our cloud bill?',
    'Peering transit gateways across clouds',
    'Finding expensive inter-region and inter-cloud traffic',
  ),
  f(
    'How are gateways counted against our BYOL licence?',
    'does an Edge HA pair count twice?',
    'How gateways and Edge appliances are counted',
    'Licensed features: Advanced tier',
    'Acme Edge architecture › High availability',
  ),

  // Unanswerable: plausible for a multi-cloud networking vendor, but not covered by the content.
  u('How much does an Advanced tier gateway cost per month in euros?'),
  u('What is the list price of the large hardware Edge appliance?'),
  u('Can we pay our BYOL renewal by credit card instead of a purchase order?'),
  u("Where can I download a PDF copy of last quarter's Acme invoice?"),
  u("Can we get a refund for metered gateway hours we didn't use?"),
  u('What are the opening hours of your Singapore office?'),
  u('How do we join your reseller programme?'),
  u('Is there a training course or certification exam for Acme network engineers?'),
  u('Can the Controller open change tickets in ServiceNow automatically?'),
  u('Can we manage our Cisco Meraki branch switches from the Controller?'),
  u('How do I set up a WireGuard tunnel from a gateway to my home lab?'),
  u('How do I configure QoS so voice traffic gets priority across the tunnels?'),
  u('Can a spoke gateway hand out DHCP leases to the instances in its VPC?'),
  u('Where can I download your SOC 2 Type II report?'),
  u('Will you sign a GDPR data processing agreement with us?'),
  u('Is the fabric HIPAA certified?'),
  u('Is there a FedRAMP authorised edition of the Controller?'),
  u("How do I switch the Controller's interface language to German?"),
  u('How do I poll interface counters on the gateways with SNMP?'),
  u('Is there a dark mode in the CoPilot UI?'),
  u('Can CoPilot metrics be scraped by Prometheus and shown in Grafana?'),
  u('Does the Controller support TACACS+ or RADIUS for admin logins?'),
  u('How do I route multicast traffic between two spokes?'),
  u('Can the Edge appliance terminate a Cloudflare Tunnel?'),
  u("Can the transit gateway exchange MPLS labels with our carrier's PE router?"),
  u('Are you hiring network engineers in Berlin?'),
  u('How much carbon do our gateways emit each month?'),
  u('How do I rename an existing transit gateway without replacing it?'),
  u('Is there an Ansible collection for managing the fabric?'),
  u('Is there a Pulumi provider for Acme?'),
  u('Does the Controller have a Python SDK?'),
  u('How do I set up DKIM for our email domain?'),
  u('Outlook keeps asking for my password on my laptop, how do I fix it?'),
  u("Our office printer won't connect to the Wi-Fi, can you help?"),
  u('Can the gateways protect our public websites from DDoS attacks?'),
  u('How much bandwidth can we buy on a dedicated Acme backbone between regions?'),
  u('Which Kubernetes ingress controller do you recommend for EKS?'),
  u('Can the Controller email us a weekly PDF report of gateway uptime?'),
  u('Can I throttle a noisy spoke gateway to 100 Mbps with traffic shaping?'),
  u('What uptime percentage does your SLA guarantee for the Controller?'),
  u('How do I reset my password for the support portal itself?'),

  // About release numbers (added 2026-11-28, written from the release notes' and upgrade articles' bodies without
  // opening the fresh set, which has this kind and the tuning set had not): a question that names a release.
  r(
    'Which CoPilot version do I need once the Controller is on 8.1?',
    'CoPilot 4.8 release notes',
    "Controller 8.1: what's new",
    'Supported upgrade path from 7.2 to 8.1',
  ),
  r(
    'Can we go straight from 7.2 to 8.1 or do we have to stop on 8.0 first?',
    'Supported upgrade path from 7.2 to 8.1',
  ),
  r(
    'Is 7.1 still getting security patches?',
    'End of Support notice: Controller 7.1',
    "We're still on 7.1",
    'Upgrading from End of Support releases',
  ),
  r(
    'Which 7.2 patch must we be on before moving to 8.0?',
    'Controller 7.2.4820 release notes',
    'Supported upgrade path from 7.2 to 8.1',
  ),
  r('What MSS clamp do new gateways get on 8.1?', "Controller 8.1: what's new"),
  r(
    'Does CoPilot 4.6 work with a Controller on 8.1?',
    'CoPilot 4.6 release notes',
    'CoPilot 4.8 release notes',
  ),
  r('Will 8.0.2210 be followed by more feature patches?', 'Controller 8.0.2210 release notes'),
  r('Which macOS versions does VPN client 3.4 run on?', 'VPN client 3.4 release notes'),
  r(
    'How many HPE tunnels can an Edge on 2023.39.8 build over Direct Connect?',
    "Controller 8.1: what's new",
    'Edge OS 2023.39.8 release notes',
  ),
  r('Why is CoPilot re-indexing after we went from 4.6 to 4.8?', 'CoPilot 4.8 release notes'),
];
