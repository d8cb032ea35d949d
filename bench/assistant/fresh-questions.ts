import type { BenchQuestion } from './questions';

/**
 * The fresh assistant set: a third set, untouched by anyone who tunes the assistant or search (its confidence
 * threshold and term weights, synonyms, stop words, vector fusion) and never to be used for it. Written on
 * 2026-11-27 from the bodies of the items in `content/`, not their titles: what a customer with the problem
 * the body describes would write to support, in sentences, with the items whose passages answer it (title
 * prefixes, any one of the three shown counts). No question of the tuning set (`questions.ts`) or the held-out
 * set (`held-out-questions.ts`) is copied. Kinds: `sentence`, `symptom` (what they see), `release` (release
 * numbers: moving between releases, what a release fixed or needs) and `unanswerable` (another vendor's
 * product, an office application, a home device, or a subject the content does not cover; each subject, e.g.
 * Outlook, Meraki, Netgear, IBM Cloud, was checked with grep to be in no item of `content/`). The file was
 * committed before the assistant was asked any of them; a question or its expected items are never changed
 * after seeing results (only a factual mistake in an expected item may be fixed, and the fix is said in
 * bench/README.md).
 */

const s = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'sentence', ask, expect });
const y = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'symptom', ask, expect });
const r = (ask: string, ...expect: string[]): BenchQuestion => ({ kind: 'release', ask, expect });
const u = (ask: string): BenchQuestion => ({ kind: 'unanswerable', ask, expect: [] });

export const FRESH_QUESTIONS: BenchQuestion[] = [
  // Sentences: whole questions in the customer's words.
  s(
    'Our one private route table serves every subnet, and the second spoke gateway sits at a few Mbps while the first does all the work. Is something wrong?',
    'One member of my spoke HA pair carries almost no traffic',
    'How ActiveMesh HA works for transit and spoke gateways',
  ),
  s(
    'We want two appliances at the warehouse so that losing one box does not cut the site off. How is that built?',
    'Building an HA pair of Edge appliances at one site',
    'Acme Edge architecture',
  ),
  s(
    'Our finance people ask what the per-hour Acme lines on the AWS invoice stand for. Where can I point them?',
    'Understanding metered usage charges on your cloud bill',
    'BYOL vs metered licensing',
  ),
  s(
    'Production traffic is down right now. Is opening a case in the portal enough, or do we have to phone someone?',
    'Support escalation path and case priorities',
  ),
  s(
    'How many remote employees can one VPN gateway carry before we should add another one?',
    'Setting up user VPN gateways behind a load balancer',
  ),
  s(
    'The acquired company uses the same 10.0.0.0/16 as our shared services VPC; can their hosts reach five of our services without renumbering?',
    "How do we connect an acquired company's VPC",
    'Connecting spokes with overlapping CIDRs using mapped NAT',
    'Mapped NAT',
  ),
  s(
    'Can a rule in the distributed firewall name a Kubernetes namespace instead of addresses?',
    'Writing distributed firewall rules with workload groups',
    'Do distributed firewall rules see pod IPs or node IPs',
    'Distributed firewall',
  ),
  s(
    'What do the three sensitivity levels of anomaly detection mean, and how long does it learn before raising anything?',
    'Tuning anomaly detection alerts to reduce noise',
    'Anomaly detection',
  ),
  s(
    'Is there a way to have every new prefix from the data centre wait for a human to approve it before it spreads?',
    'Route filtering and propagation',
    'Someone advertised 0.0.0.0/0 from the DC',
  ),
  s(
    'How should I size the disk of the analytics instance if we keep flows for 30 days from about 100 busy gateways?',
    'CoPilot storage sizing and data retention',
    'Deploying CoPilot and connecting it to the Controller',
  ),
  s(
    'Our Controller lives in a subnet with no NAT. What exactly must it reach on the internet to keep its licence valid?',
    'Licence check fails on Controllers without internet access',
    'Licensing models',
  ),
  s(
    'If the Controller instance is lost and we have no backup, does traffic stop?',
    'Configure Controller backup to object storage',
    'Controller backup and restore',
  ),

  // Symptoms: what they see, not the feature's name.
  y(
    'spokes stopped reaching on-prem the moment we ticked the box to start using network domains',
    'Enabled segmentation and everything stopped talking',
    'Network domains and connection policies',
    'Network domains and segmentation',
  ),
  y(
    'flow analytics only shows traffic from one cloud; gateways in the other cloud send nothing though the map shows them',
    'FlowIQ has data for AWS gateways but nothing from Azure',
    'FlowIQ shows no flow data',
  ),
  y(
    'a brand new spoke is attached and bgp is up on the transit, but its instances have no route to anything',
    "Why don't my spoke VPC route tables get routes after attaching to transit",
  ),
  y(
    'the appliance at the new branch never registers and its provisioning status shows a tls error about validity',
    'Edge appliance ZTP fails with',
    'Zero-touch provisioning of Edge appliances',
  ),
  y(
    'opening the analytics console bounces admins back to the login page ever since the controller moved to single sign-on',
    'CoPilot login fails after enabling SAML on the Controller',
  ),
  y(
    'web pages through the branch load halfway and file copies stall, yet ping and small requests are fine',
    'Edge tunnels up but large packets are dropped',
    'Why do SSH sessions freeze',
  ),
  y(
    'traffic to on-prem from one azure vnet skips our spoke gateway since someone added an expressroute gateway there',
    'Azure: fabric routes overridden in VNets with a VPN gateway',
  ),
  y(
    'the spoke gateway stopped taking configuration and the upgrade died saying the device has no space left',
    'Gateway disk full: logs filling /var',
    'Upgrade dry run reports errors',
  ),
  y(
    'some tcp sessions between two networks get reset after the handshake while others work, since we added a second path',
    'Connections reset when traffic takes different return paths',
    'Asymmetric traffic through firewalls in Azure FireNet',
  ),
  y(
    'the map in the analytics tool still shows a spoke we detached three days ago',
    'Topology map is missing gateways or shows stale links',
    'Topology',
  ),

  // Release numbers: moving between releases, what a release fixed or needs.
  r(
    'We are on 7.2 today. Can we go to 8.1 in one step, or are there stops on the way?',
    'Supported upgrade path from 7.2 to 8.1',
    'Software upgrade',
    "Controller 8.1: what's new",
  ),
  r(
    'Which Terraform provider release goes with a Controller on 8.1?',
    'Terraform provider quick start',
    'Supported upgrade path from 7.2 to 8.1',
    "Controller 8.1: what's new",
    'Controller 8.1.1050 release notes',
    'Terraform provider',
  ),
  r(
    'Will CoPilot 4.6 keep working once the Controller is on 8.1?',
    'CoPilot 4.6 release notes',
    'Upgrading CoPilot',
    'CoPilot 4.8 release notes',
    'Supported upgrade path from 7.2 to 8.1',
  ),
  r(
    'Which 8.1 patch fixed SAML logins failing when the identity provider sends the user name in lower case?',
    'Controller 8.1.1050 release notes',
  ),
  r(
    'Our branch appliances run Edge OS 2023.39.8. Do they need an upgrade before the Controller moves to 8.1?',
    'Upgrading Edge OS from the Controller',
    'Edge OS 2023.39.8 release notes',
    'Supported upgrade path from 7.2 to 8.1',
  ),
  r(
    'We run 7.1. Which 7.2 patch do we need at least before we can continue to 8.0?',
    'Controller 7.2.4820 release notes',
    'Upgrading from End of Support releases',
    "We're still on 7.1",
    'End of Support notice',
    'Software upgrade',
  ),
  r(
    'Gateways went from 8.0.2180 to 8.0.2210 last night and one misbehaves. Can we put just that one back?',
    'Rolling back a gateway to the previous software version',
    'Controller 8.0.2210 release notes',
    'Software upgrade',
  ),
  r(
    'Which VPN client version should our users run once the gateways are on 8.1?',
    'Supported upgrade path from 7.2 to 8.1',
    'Controller 8.1.1050 release notes',
    'VPN client 3.5 release notes',
  ),
  r(
    'Does moving to 8.1 change the firewall log lines our SIEM parses?',
    "Controller 8.1: what's new",
    'Logging and exporting distributed firewall hits',
  ),
  r('Do the 3.5 VPN client packages still install on 32-bit Windows 10?', 'VPN client 3.5 release notes'),
  r(
    'Going from CoPilot 4.6 to 4.8: is that automatic overnight, and how long is the console unavailable?',
    'Upgrading CoPilot',
    'CoPilot 4.8 release notes',
  ),

  // Unanswerable: the content does not cover it; the assistant must say it is not confident.
  u('How do I set up Outlook rules to move alert emails into a folder of their own?'),
  u('My Netgear router at home drops the Wi-Fi every evening. Can you help?'),
  u('How do I upgrade the firmware on a Cisco Meraki MX appliance?'),
  u('Which Excel formula adds up our monthly cloud costs per department?'),
  u('Can the Controller be deployed on IBM Cloud?'),
  u('How much does a FortiGate licence for 100 users cost?'),
  u('How do I print PowerPoint handouts with three slides per page?'),
  u('Why does my iPhone stop charging at 80 percent?'),
  u('Which Juniper SRX command rolls back the last commit?'),
  u('Does Acme sponsor any networking conferences in Asia this year?'),
];
