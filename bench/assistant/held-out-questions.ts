import type { BenchQuestion } from './questions';

/**
 * The held-out assistant set: questions never used to choose the assistant's settings
 * (`MIN_CONFIDENT_SCORE`, `ABSENT_TERM_FACTOR` in `src/server/services/assistant/passage-ranking.ts`) and never
 * to be used for it. Written on 2026-11-27 from the bodies of the items in `content/`, not their titles: a
 * paragraph in the middle of an article, then what a customer with that problem would write to support, with
 * the items whose passages answer it (title prefixes, or `title › heading`; any one of the three shown counts).
 * Words of the title are not reused on purpose and no question of the tuning set (`questions.ts`) is copied.
 * Each unanswerable question was checked with grep: its subject (Jira, warranty, NSX, Alibaba, LACP, ...) is
 * not in `content/`. Kinds in about the tuning set's proportions. The file was committed before the assistant
 * was asked any of them; a question or its expected items are never changed after seeing results (only a
 * factual mistake in an expected item, e.g. a prefix that names no item, may be fixed, and the fix is said in
 * bench/README.md).
 */

const s = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'sentence', ask, expect });
const y = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'symptom', ask, expect });
const f = (earlier: string, ask: string, ...expect: string[]): BenchQuestion => ({
  kind: 'follow-up',
  earlier,
  ask,
  expect,
});
const u = (ask: string): BenchQuestion => ({ kind: 'unanswerable', ask, expect: [] });

export const HELD_OUT_QUESTIONS: BenchQuestion[] = [
  // Sentences: whole questions in the customer's words.
  s(
    'Our AWS platform team enforces tagging through SCPs; how do we make every resource the Controller creates carry our tags?',
    "AWS: gateway launch fails with 'not authorized",
  ),
  s(
    'How long does the Controller keep working if it cannot reach your licence server?',
    'Licence check fails on Controllers without internet',
    'Licensing models › Licence validation',
  ),
  s(
    'Our site is air-gapped. Is there a way to license the Controller with no internet access at all?',
    'Licence check fails on Controllers without internet',
  ),
  s(
    'When does the window open to send our usage figures before the contract anniversary, and where do I upload them?',
    'Annual true-up',
  ),
  s(
    'Do gateways that are shut down in the cloud console still use up our licensed units?',
    'How gateways and Edge appliances are counted',
  ),
  s(
    'Can I move an existing Azure gateway pair from an availability set into zones later on?',
    'Azure: availability zones vs availability sets',
  ),
  s(
    'Why would one file copy never get past about 5 Gbps on AWS, even on a big instance?',
    'Instance network bandwidth limits per cloud',
    'Low throughput between spokes',
  ),
  s(
    'How many route rules fit in an OCI route table, and what do we do when we get close?',
    'OCI: service limits and compartments',
  ),
  s(
    'Can CoPilot show what our traffic costs with our negotiated discount rather than list prices?',
    'Finding expensive inter-region and inter-cloud traffic',
    'CoPilot 4.8 release notes',
  ),
  s(
    'How soon after I switch on NetFlow export should data show up in FlowIQ?',
    'Deploying CoPilot and connecting it',
  ),
  s(
    'Which Kubernetes network plugins work if we want pod names in our flow records?',
    'Seeing Kubernetes pods and services in FlowIQ',
  ),
  s(
    'Can running a throughput test between two gateways hurt production traffic?',
    'Measuring latency and throughput between gateways',
  ),
  s(
    'Which variables can I put in the message template of a CoPilot webhook?',
    'Sending CoPilot alerts to Slack, Teams or PagerDuty',
  ),
  s(
    'Why are some of our registered Edge sites not drawn on the CoPilot map?',
    'Topology map is missing gateways',
  ),
  s(
    'After we migrated a whole region, should we reset what anomaly detection considers normal?',
    'Tuning anomaly detection alerts',
    'Anomaly detection › Baseline',
  ),
  s(
    'Our carrier circuit supports jumbo frames; should we raise the MTU on the Edge WAN port?',
    'Attaching an Edge site to transit over Direct Connect',
    'Edge tunnels up but large packets are dropped',
  ),
  s(
    'In which order do the three network cards have to be when I create the Edge VM on a Linux host?',
    'Deploying Acme Edge on KVM with virt-install',
    'Edge deployment on ESXi and KVM',
  ),
  s(
    'Do we need a dedicated heartbeat cable between the two Edge boxes at a branch?',
    'Building an HA pair of Edge appliances',
    'Acme Edge architecture › High availability',
  ),
  s(
    'How do I check which prefixes our branch is actually sending up into the cloud?',
    'LAN-side BGP between Edge and the site router',
  ),
  s(
    'Do we lose the configuration if we put the Edge appliance into recovery mode?',
    'Recovering console access to an Edge appliance',
  ),
  s(
    'Our branch sites have no internet breakout; can the Edge boxes still get new OS images?',
    'Upgrading Edge OS from the Controller',
  ),
  s(
    'What must the startup package of a firewall VM contain so that the FireNet probe succeeds?',
    'Bootstrapping third-party firewall VMs in FireNet',
  ),
  s(
    'Which licence do we need for FireNet, and do you count the firewall VMs themselves?',
    'Choosing between FireNet',
    'How gateways and Edge appliances are counted',
    'Licensed features: Advanced tier',
    'Understanding metered usage charges',
  ),
  s(
    'How do we keep our web shop behind an internet load balancer and still have our firewalls look at the requests?',
    'Inspecting inbound internet traffic',
  ),
  s(
    'Can the egress filter also control ssh to a git host, or only web traffic?',
    'Restricting internet egress with the FQDN filter',
    'Egress FQDN filtering',
  ),
  s(
    'The Controller has been upgrading for ages; is it safe to reboot it while the database migration runs?',
    'Controller upgrade stuck',
  ),
  s(
    'Who should I email if we find a vulnerability in the VPN client?',
    'How security advisories are published',
  ),
  s(
    'How do I add a login for a support engineer that expires on its own?',
    'Granting support temporary access',
  ),
  s(
    "Does swapping the Controller's web certificate break the gateways' connection to it?",
    "Replacing the Controller's self-signed TLS certificate",
  ),
  s(
    'What goes into a support bundle, and does it include our traffic?',
    'Collecting a diagnostic bundle for support',
  ),
  s(
    'Which Windows versions are no longer supported by the newest VPN client?',
    'VPN client 3.5 release notes',
    'VPN client installation and deployment',
  ),
  s(
    'Do users need a new profile when we move the VPN from split to full tunnel?',
    'Split tunnel vs full tunnel',
  ),
  s(
    'Which new AWS permissions does 8.1 need before we create gateways?',
    "Controller 8.1: what's new",
    "AWS: gateway launch fails with 'not authorized",
    'Access accounts › Permissions updates',
  ),
  s(
    'What is the default MSS clamp on gateways created on 8.1?',
    "Controller 8.1: what's new",
    'Low throughput between spokes',
  ),
  s(
    'How many items does an API listing return without pagination on 8.1?',
    "Controller 8.1: what's new",
    'Controller API › Conventions',
  ),

  // Symptoms: what the customer sees, in their words.
  y(
    'creating a gateway in a new account fails and the decoded message shows an explicit deny from an organisation policy',
    "AWS: gateway launch fails with 'not authorized",
  ),
  y(
    'the nic of our azure transit shows accelerated: false and each tunnel is slow',
    'Azure: enabling Accelerated Networking',
  ),
  y(
    'copilot says assertion not yet valid and sends us back to the sign-in page',
    'CoPilot login fails after enabling SAML',
  ),
  y(
    'copilot stopped indexing and settings > resources shows the data disk at 92%',
    'CoPilot storage sizing and data retention',
    'FlowIQ shows no flow data',
    'Why did CoPilot stop showing new flows',
  ),
  y('netflow status on the gateway shows a growing errors counter', 'FlowIQ shows no flow data'),
  y(
    'our flannel cluster traffic only ever shows the node address in flowiq',
    'Seeing Kubernetes pods and services in FlowIQ',
    'Kubernetes pods cannot reach services',
  ),
  y(
    'the map still shows a gateway we deleted and the controller connection status says timeout',
    'Topology map is missing gateways',
  ),
  y(
    'branch appliance console says dns resolution failed during registration',
    'Zero-touch provisioning of Edge appliances',
    'Edge OS 2023.39.8 release notes',
  ),
  y(
    'web pages at the branch load halfway and stop, ping over the tunnel is fine',
    'Edge tunnels up but large packets are dropped',
    'Why do SSH sessions freeze',
  ),
  y(
    'lan bgp on the edge is Established but now the whole cloud learned a 0.0.0.0/0 from the branch',
    'LAN-side BGP between Edge and the site router',
    'Someone advertised 0.0.0.0/0',
  ),
  y(
    'a new firewall vm in firenet never turns healthy and its console log complains about a missing authcode',
    'Bootstrapping third-party firewall VMs in FireNet',
  ),
  y('one firenet firewall shows 3/3 lost on the icmp probe', 'Firewall instances marked unhealthy'),
  y('egress search shows reason port-mismatch for our api on 8443', 'Why does my domain rule not match?'),
  y(
    'the web servers behind our internet load balancer went unhealthy once the firewalls were put in the path',
    'Inspecting inbound internet traffic',
  ),
  y(
    'the capture shows the syn leaving on eth0 but nothing on the tunnel interface',
    'Running a packet capture on a gateway',
  ),
  y(
    'the tunnel to the data centre drops at every rekey and the logs say NO_PROPOSAL_CHOSEN',
    'IPsec tunnels flapping every few minutes',
  ),
  y(
    'the bgp session to our router flaps every 30 seconds',
    'Connecting on-premises routers with BGP over IPsec',
    'IPsec tunnels flapping every few minutes',
  ),
  y(
    'the dry run says one gateway runs an end of support image',
    'Upgrade dry run reports errors',
    'Upgrading from End of Support releases',
    'Software upgrade vs image upgrade',
  ),
  y(
    'the dry run warns that our installed hotfix is not in the target release',
    'Applying a private hotfix provided by support',
  ),
  y(
    'browsers show a certificate warning and our api scripts need insecure flags to talk to the controller',
    "Replacing the Controller's self-signed TLS certificate",
  ),
  y('the linux vpn client says permission denied opening /dev/net/tun', 'Installing the VPN client on Linux'),
  y(
    'vpn users get Login failed: no matching endpoint after we moved to okta',
    'Configuring SAML authentication for the VPN client with Okta',
  ),
  y(
    'contractors on the vpn are refused and the gateway logs vpn-profile deny',
    'Restricting what VPN users can reach',
  ),
  y(
    'the usage export we sent for the true-up left out all our vpn gateways',
    'Controller 7.2.4820 release notes',
  ),

  // Follow-ups: a short question that only makes sense after the one before it.
  f(
    'How do I onboard our GCP project into the Controller?',
    'and what about OCI?',
    'Onboarding AWS, Azure, GCP and OCI accounts',
    'Access accounts',
    'OCI: service limits and compartments',
  ),
  f(
    'How do I export our licence usage for the true-up?',
    'how far back does it go?',
    'How gateways and Edge appliances are counted',
    'Annual true-up',
  ),
  f(
    'How do I send distributed firewall logs to our SIEM?',
    'will that flood it on busy gateways?',
    'Logging and exporting distributed firewall hits',
  ),
  f(
    'How do I grow the CoPilot data disk?',
    'can I just add a second disk instead?',
    'CoPilot storage sizing and data retention',
  ),
  f(
    'How do I take a packet capture on a spoke gateway?',
    'how long can it run?',
    'Running a packet capture on a gateway',
  ),
  f(
    'How do I open remote support access to our Controller?',
    'can they ssh to the gateways through it too?',
    'Granting support temporary access',
  ),
  f(
    'How do I deploy FireNet firewalls in the transit?',
    'how many should I launch?',
    'Deploying FireNet for east-west and egress inspection',
    'FireNet architecture',
  ),
  f(
    'How does the Controller validate its licence?',
    'does it send any of our configuration?',
    'Licence check fails on Controllers without internet',
    'Licensing models › Licence validation',
  ),
  f(
    'How do I set up an HA pair of Edge appliances?',
    'how quickly does it notice a dead box?',
    'Building an HA pair of Edge appliances',
    'Acme Edge architecture › High availability',
  ),

  // Unanswerable: plausible, but the content does not answer it (checked with grep).
  u('Can the Controller raise a Jira ticket for each configuration change it makes?'),
  u('How long is the warranty on the hardware Edge appliances?'),
  u('Can you send an engineer on site to rack and cable our Edge boxes?'),
  u('Does the fabric integrate with VMware NSX segments in our data centre?'),
  u('Can we run the Controller on Alibaba Cloud?'),
  u('Is there a mobile app that pushes CoPilot alerts to my phone?'),
  u('How do I bond two ports with LACP on a hardware Edge appliance?'),
  u('Do you offer discounts for non-profit organisations or universities?'),
  u('Can we install the Controller on a bare-metal server in our own data centre?'),
  u('Where can visitors park at your Munich office?'),
  u('Can Zabbix or Nagios monitor the gateways out of the box?'),
  u('Can Controller admins log in with Kerberos against our Active Directory?'),
  u('How many days of notice do we have to give to end our BYOL contract early?'),
  u('What is the power draw in watts of the large hardware Edge appliance?'),
];
