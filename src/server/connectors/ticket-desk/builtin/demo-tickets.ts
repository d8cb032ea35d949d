import { demoCustomerAccounts } from '../../../db/seed/demo-accounts.js';

/**
 * Demo tickets of the built-in help desk, seeded when DEMO_DATA is on. Most are requested by the demo customer
 * `customer@example.com` (their "My Requests"); a few by other customers, so that a customer's search visibly
 * shows only their own. Agents search all of them as "Tickets".
 */

export type DemoTicketStatus = 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';

export interface DemoTicket {
  subject: string;
  description: string;
  status: DemoTicketStatus;
  requesterEmail: string;
  /** The requester's organisation (the company of their customer account), so an organisation admin sees it. */
  organisation: string | null;
  createdAt: string;
}

const CUSTOMER = 'customer@example.com';
const LEGACY = 'legacy@example.com';
const OTHER = 'ops@example.org';

const companyOf = (providedId: string) =>
  demoCustomerAccounts.find((account) => account.providedId === providedId)?.company ?? null;
/** The legacy customer has no ID on file, so no organisation. */
const ORGANISATIONS: Record<string, string | null> = {
  [CUSTOMER]: companyOf('CUST-0001'),
  [LEGACY]: null,
  [OTHER]: companyOf('CUST-0002'),
};

type Row = [subject: string, description: string, status: DemoTicketStatus, requester: string];

const rows: Row[] = [
  [
    'Transit gateway HA failover took four minutes',
    'During the maintenance window in us-east-1 the primary transit gateway was stopped and traffic took about four minutes to move to the HA peer. We expected sub-second failover. Controller 7.2.4960, gateways on the same release.',
    'open',
    CUSTOMER,
  ],
  [
    'Spoke attachment stuck in "pending"',
    'The attachment of spoke gw-app-prod-2 to the transit gateway has shown pending for two hours. Route tables of the spoke VPC were not updated.',
    'pending',
    CUSTOMER,
  ],
  [
    'Controller upgrade from 7.1 to 7.2 fails pre-check',
    'The pre-upgrade check reports "gateway image version mismatch" for three gateways although they were upgraded last week. Please advise before our change window on Friday.',
    'open',
    CUSTOMER,
  ],
  [
    'VPN client cannot open the SAML browser window on macOS',
    'Users on macOS 14 click Connect, but the browser window for SAML never opens. Windows users are fine. VPN client 2.16.42.',
    'solved',
    CUSTOMER,
  ],
  [
    'FireNet firewall marked down by health check',
    'A newly launched firewall in the FireNet VPC is marked down by the transit gateway. The firewall answers ping from its own subnet.',
    'open',
    CUSTOMER,
  ],
  [
    'License shows as expired after renewal',
    'We renewed our subscription yesterday but the controller still shows the license as expired under Settings > Controller > License. Customer ID CUST-0001.',
    'solved',
    CUSTOMER,
  ],
  [
    'CoPilot topology map shows no gateways',
    'After associating CoPilot with the controller the topology view is empty. NetFlow and syslog export are enabled.',
    'pending',
    CUSTOMER,
  ],
  [
    'Site2Cloud tunnel to Azure flaps every hour',
    'The Site2Cloud IPsec tunnel between our on-premises Palo Alto and the Azure spoke gateway goes down every 60 minutes, matching the phase 2 lifetime.',
    'open',
    CUSTOMER,
  ],
  [
    'Edge appliance stays in "waiting" after ZTP',
    'Our Edge appliance in the Frankfurt branch has shown waiting since it was powered on this morning. It has DHCP on the WAN port and outbound HTTPS.',
    'new',
    CUSTOMER,
  ],
  [
    'Request for a temporary license extension',
    'Our procurement process for the renewal is delayed. Can we get a 30-day extension of the current license to avoid an outage of gateway launches?',
    'closed',
    CUSTOMER,
  ],
  [
    'FQDN filter blocks apt mirrors with wildcard rule',
    'We added *.ubuntu.com to the allow-list, but apt update on the spoke instances still fails for security.ubuntu.com.',
    'solved',
    CUSTOMER,
  ],
  [
    'BGP routes from on-premises not propagated to spokes',
    'Routes learned over the BGP connection from our data center appear on the transit gateway but not in the spoke route tables.',
    'open',
    CUSTOMER,
  ],
  [
    'Gateway CPU at 100 percent after enabling Insane Mode',
    'After enabling Insane Mode on the transit pair in AWS, CPU utilization stays at 100 percent even with low traffic.',
    'hold',
    CUSTOMER,
  ],
  [
    'Cannot launch gateways in the new GCP project',
    'Gateway creation fails with "permission denied on compute.instances.create" for the new GCP project we onboarded last week.',
    'open',
    CUSTOMER,
  ],
  [
    'Controller backup to S3 fails',
    'Scheduled backups fail with AccessDenied since we rotated the IAM keys of the backup account.',
    'solved',
    CUSTOMER,
  ],
  [
    'Packet loss between Azure and AWS spokes',
    'We see 2 to 3 percent packet loss between spokes in Azure West Europe and AWS eu-central-1 during business hours.',
    'pending',
    CUSTOMER,
  ],
  [
    'Question about end of support for 7.1',
    'Our controller runs 7.1. What does End of Support mean for security fixes, and what is the recommended upgrade path?',
    'closed',
    CUSTOMER,
  ],
  [
    'VPN users get disconnected after 8 hours',
    'Remote users are disconnected every 8 hours and must sign in again. Is this a setting of the VPN gateway or of our identity provider?',
    'solved',
    CUSTOMER,
  ],
  [
    'Terraform provider returns 500 on spoke creation',
    'Creating a spoke gateway with the Terraform provider 3.1 returns HTTP 500 from the controller API. The same settings work in the UI.',
    'open',
    CUSTOMER,
  ],
  [
    'Egress traffic uses the wrong NAT gateway',
    'Outbound traffic from the spoke goes through the transit FireNet instead of the local egress NAT we configured.',
    'new',
    CUSTOMER,
  ],
  [
    'Request: enable jumbo frames on existing transit',
    'Can jumbo frames be enabled on an existing transit gateway without downtime, or do we need to recreate it?',
    'solved',
    CUSTOMER,
  ],
  [
    'Syslog export to Splunk missing gateway logs',
    'Controller logs arrive in Splunk but gateway logs do not. Syslog profile 0 is enabled for all gateways.',
    'pending',
    CUSTOMER,
  ],
  [
    'ThreatIQ alert for known scanner',
    'ThreatIQ raised a high severity alert for traffic from a vulnerability scanner we run ourselves. How do we allow-list it?',
    'closed',
    CUSTOMER,
  ],
  [
    'Oracle Cloud gateway image not available in region',
    'The gateway image is not offered in OCI region ap-sydney-1. Is the region supported?',
    'open',
    CUSTOMER,
  ],
  [
    'Legacy account: ID request for login',
    'I was asked for a Controller ID at login. Where do I find it? We run controller 7.2 in AWS.',
    'solved',
    LEGACY,
  ],
  [
    'Spoke gateway resize fails in Azure',
    'Resizing a spoke gateway to Standard_D8s_v5 fails with "SKU not available in zone".',
    'open',
    LEGACY,
  ],
  [
    'Transit peering between two controllers',
    'We manage two controllers after an acquisition. Can we peer their transit gateways?',
    'pending',
    OTHER,
  ],
  [
    'Edge image download link expired',
    'The signed download link for the Edge KVM image expired before the download finished.',
    'solved',
    OTHER,
  ],
  [
    'High latency after gateway upgrade',
    'Since upgrading the gateways to 7.2 latency between spokes rose from 2 ms to 15 ms.',
    'open',
    OTHER,
  ],
  [
    'Firewall bootstrap configuration not applied',
    'Palo Alto VM-Series instances launched through FireNet come up without the bootstrap configuration from the S3 bucket.',
    'new',
    OTHER,
  ],
  [
    'CoPilot disk almost full',
    'The CoPilot data disk is at 92 percent. How do we extend it without losing flow data?',
    'open',
    OTHER,
  ],
];

export const demoTickets: readonly DemoTicket[] = rows.map(
  ([subject, description, status, requesterEmail], index) => ({
    subject,
    description,
    status,
    requesterEmail,
    organisation: ORGANISATIONS[requesterEmail] ?? null,
    // One a day backwards from a fixed date, so every machine shows the same order.
    createdAt: new Date(Date.UTC(2025, 9, 31) - index * 86_400_000).toISOString(),
  }),
);
