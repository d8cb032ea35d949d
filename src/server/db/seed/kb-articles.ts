/**
 * Demo knowledge base articles, seeded when `DEMO_DATA` is on so a fresh portal has a populated home page.
 * Dates and view counts are fixed so "latest" and "most popular" come out the same on every machine.
 */

export interface DemoKbArticle {
  slug: string;
  title: string;
  section: string;
  /** HTML, as a help desk stores an article body. */
  body: string;
  viewCount: number;
  createdAt: string;
  updatedAt: string;
}

export const demoKbArticles: readonly DemoKbArticle[] = [
  {
    slug: 'transit-gateway-ha-deployment',
    title: 'Deploying a highly available transit gateway pair',
    section: 'Transit Networking',
    viewCount: 4210,
    createdAt: '2025-01-14T09:00:00Z',
    updatedAt: '2025-09-02T14:20:00Z',
    body: `<p>A transit gateway carries traffic between spoke VPCs and VNets, on-premises sites and other clouds. Deploy it as an active-active pair in two availability zones so that a zone outage or a gateway upgrade never interrupts traffic.</p>
<h2>Before you begin</h2>
<ul><li>Create a dedicated transit VPC or VNet with at least two public subnets of /26 or larger, one per zone.</li><li>Make sure the account onboarded in the controller has permission to launch instances and edit route tables.</li></ul>
<h2>Steps</h2>
<ol><li>In the controller, open <strong>Cloud Fabric &gt; Gateways &gt; Transit Gateways</strong> and click <strong>Create Transit</strong>.</li><li>Select the transit VPC, the first subnet and an instance size; enable <strong>High Availability</strong> and select the second subnet.</li><li>Enable <strong>Jumbo Frames</strong> and <strong>Insane Mode</strong> only if every attached spoke supports them.</li></ol>
<p>Both gateways forward traffic at the same time; BGP and the controller's route programming keep the paths symmetric.</p>`,
  },
  {
    slug: 'attach-spoke-gateway-to-transit',
    title: 'Attaching a spoke gateway to a transit gateway',
    section: 'Transit Networking',
    viewCount: 3580,
    createdAt: '2025-02-03T10:30:00Z',
    updatedAt: '2025-08-21T08:45:00Z',
    body: `<p>Spoke gateways connect application VPCs and VNets to the transit layer. Once attached, the controller programs the spoke's route tables with every CIDR learned by the transit, so workloads reach each other without manual routes.</p>
<ol><li>Deploy the spoke gateway (with HA) in the application VPC from <strong>Cloud Fabric &gt; Gateways &gt; Spoke Gateways</strong>.</li><li>Open <strong>Cloud Fabric &gt; Topology &gt; Attachments</strong>, choose the spoke and the transit gateway and click <strong>Attach</strong>.</li><li>Verify the attachment in the topology view and check the learned routes on the transit gateway.</li></ol>
<p>Overlapping CIDRs between spokes are not routed; use customized SNAT or mapped NAT on the spoke when address ranges overlap.</p>`,
  },
  {
    slug: 'firewall-insertion-firenet',
    title: 'Inserting a next-generation firewall with FireNet',
    section: 'Security',
    viewCount: 2975,
    createdAt: '2025-02-20T13:15:00Z',
    updatedAt: '2025-10-06T11:05:00Z',
    body: `<p>FireNet inserts third-party next-generation firewalls into the transit path so east-west, egress and ingress traffic is inspected without changing spoke route tables.</p>
<h2>How traffic flows</h2>
<p>The transit gateway load-balances each flow to one firewall instance, using a five-tuple hash so both directions of a session reach the same firewall. Health checks remove a failed instance within seconds.</p>
<h2>Enabling inspection</h2>
<ol><li>Enable <strong>Transit FireNet</strong> on the transit gateway.</li><li>Launch and associate the firewall instances from <strong>Security &gt; FireNet &gt; Firewall</strong>.</li><li>Add the spokes whose traffic must be inspected to the inspection policy.</li></ol>
<p>Keep the firewall's interfaces in the subnets the controller creates; moving them breaks the health checks.</p>`,
  },
  {
    slug: 'vpn-client-saml-authentication',
    title: 'Setting up the VPN client with SAML authentication',
    section: 'VPN Client',
    viewCount: 3890,
    createdAt: '2025-03-05T08:00:00Z',
    updatedAt: '2025-07-30T16:10:00Z',
    body: `<p>The VPN client gives remote users access to private cloud resources. With SAML, users sign in with their corporate identity provider instead of a local password, and access follows their groups.</p>
<ol><li>In the identity provider, create a SAML application with the controller's SP metadata URL.</li><li>In the controller, add the IdP metadata under <strong>Networking &gt; VPN &gt; SAML Endpoints</strong>.</li><li>Create a VPN gateway behind a load balancer and select the SAML endpoint.</li><li>Download the profile (.ovpn) and import it into the VPN client version 2.17 or later.</li></ol>
<p>If the browser window does not open during sign-in, check that the client is allowed to start the default browser and that port 50006 on localhost is free.</p>`,
  },
  {
    slug: 'edge-zero-touch-provisioning',
    title: 'Zero-touch provisioning of an Edge appliance',
    section: 'Edge',
    viewCount: 1640,
    createdAt: '2025-04-11T12:00:00Z',
    updatedAt: '2025-09-18T09:30:00Z',
    body: `<p>Edge extends the cloud network to data centers and branches. With zero-touch provisioning an appliance registers with the controller on first boot, so no engineer is needed on site.</p>
<ol><li>Create the Edge gateway in the controller and choose <strong>ZTP</strong> as the onboarding method.</li><li>Enter the appliance serial number and download the cloud-init or ISO configuration.</li><li>Power on the appliance with a WAN link that has DHCP and outbound HTTPS to the controller.</li></ol>
<p>The appliance appears as <em>up</em> within about ten minutes. If it stays <em>waiting</em>, check that the management interface reaches port 443 of the controller and that the system clock is correct.</p>`,
  },
  {
    slug: 'copilot-deployment-and-association',
    title: 'Deploying CoPilot and associating it with the controller',
    section: 'CoPilot',
    viewCount: 2240,
    createdAt: '2025-03-27T15:45:00Z',
    updatedAt: '2025-08-05T10:00:00Z',
    body: `<p>CoPilot adds topology maps, FlowIQ traffic analytics, performance monitoring and ThreatIQ to the controller. Deploy it in the same cloud account and region as the controller for the lowest latency.</p>
<ol><li>Launch CoPilot from the controller's <strong>Settings &gt; CoPilot</strong> page or from the cloud marketplace.</li><li>Open the CoPilot UI, sign in with controller credentials and enter the controller's private IP address.</li><li>Enable NetFlow and syslog export on the controller so CoPilot receives flow and log data.</li></ol>
<p>Size the data disk for your flow volume: about 2 GB per day for every 100 gateways is a safe starting point.</p>`,
  },
  {
    slug: 'controller-upgrade-path',
    title: 'Controller and gateway upgrade path and best practices',
    section: 'Upgrades',
    viewCount: 5120,
    createdAt: '2025-01-08T07:30:00Z',
    updatedAt: '2025-10-14T13:40:00Z',
    body: `<p>Upgrade the controller one major.minor release at a time, then the gateways. Skipping a release is not supported because each release migrates the controller's database.</p>
<h2>Checklist</h2>
<ul><li>Take a controller backup and confirm it completed.</li><li>Run the pre-upgrade check under <strong>Settings &gt; Maintenance &gt; Upgrade</strong> and fix every warning.</li><li>Upgrade the controller to the latest patch of the current release first.</li><li>Upgrade gateways in batches: HA peers one at a time, so traffic moves to the peer while its partner upgrades.</li></ul>
<p>Releases 7.1 and earlier are End of Support: upgrade to 7.2 before moving to 8.x. See the End of Life Policy for dates.</p>`,
  },
  {
    slug: 'license-activation-customer-id',
    title: 'Activating your license with the Customer ID',
    section: 'Licensing',
    viewCount: 2760,
    createdAt: '2025-05-02T09:20:00Z',
    updatedAt: '2025-10-01T15:00:00Z',
    body: `<p>The controller is licensed with the Customer ID issued with your subscription. The same ID identifies you to support, so keep it at hand when you open a ticket.</p>
<ol><li>Open <strong>Settings &gt; Controller &gt; License</strong> in the controller.</li><li>Enter the Customer ID and click <strong>Save</strong>; the controller validates it against the license service over HTTPS.</li><li>In CoPilot the license is shown under <strong>Settings &gt; Configuration &gt; License</strong>.</li></ol>
<p>Metered marketplace subscriptions are licensed automatically; bring-your-own-license deployments need the ID before gateways can be launched.</p>`,
  },
  {
    slug: 'site2cloud-ipsec-troubleshooting',
    title: 'Troubleshooting a Site2Cloud IPsec tunnel that stays down',
    section: 'Connectivity',
    viewCount: 1985,
    createdAt: '2025-06-16T11:10:00Z',
    updatedAt: '2025-09-25T17:25:00Z',
    body: `<p>Site2Cloud connects an on-premises router or firewall to a gateway over IPsec. A tunnel that stays down almost always has mismatched phase 1 or phase 2 settings.</p>
<ul><li>Compare IKE version, encryption, integrity, DH group and lifetimes on both sides; the controller's <strong>Download Configuration</strong> gives a template for common vendors.</li><li>Check that UDP 500 and 4500 reach the gateway's public IP and are not NATed twice.</li><li>Confirm the remote and local subnets match exactly, including the mask.</li><li>Run <strong>Diagnostics &gt; Show Log</strong> on the gateway and look for <code>NO_PROPOSAL_CHOSEN</code> or <code>AUTHENTICATION_FAILED</code>.</li></ul>`,
  },
  {
    slug: 'egress-fqdn-filtering',
    title: 'Controlling internet egress with FQDN filtering',
    section: 'Security',
    viewCount: 1420,
    createdAt: '2025-07-07T14:00:00Z',
    updatedAt: '2025-10-09T09:15:00Z',
    body: `<p>FQDN filtering lets workloads reach only approved internet domains, such as package mirrors and SaaS APIs, without a full firewall in every VPC.</p>
<ol><li>Create a tag under <strong>Security &gt; Egress &gt; FQDN Filter</strong> and add domains, with wildcards like <code>*.ubuntu.com</code> where needed.</li><li>Choose the mode: allow-list drops everything not listed, deny-list drops only the listed domains.</li><li>Attach the tag to the spoke gateways that provide egress and enable it.</li></ol>
<p>HTTP and HTTPS are matched on the Host header and the TLS SNI; other protocols need an explicit port rule.</p>`,
  },
];
