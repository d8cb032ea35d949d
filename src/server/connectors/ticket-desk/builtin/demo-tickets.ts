import type { SupportTier, TicketPriority, TicketStatus } from '../../../../common/tickets.js';
import { demoCustomerAccounts, demoUsers } from '../../../db/seed/demo-accounts.js';

/**
 * Demo tickets of the built-in help desk, seeded when DEMO_DATA is on. Most are requested by the demo customer
 * `customer@example.com` (their "My Requests"); others by customers of organisations of every support tier,
 * so that a customer's search visibly shows only their own and the agents' queue shows real cases: P1 to P3,
 * assigned or not, overdue, due soon, answered in time and stopped, with recent replies.
 */

export interface DemoTicket {
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  requesterEmail: string;
  /** The requester's organisation (the company of their customer account), so an organisation admin sees it. */
  organisation: string | null;
  tier: SupportTier | null;
  assigneeEmail: string | null;
  createdAt: string;
  updatedAt: string;
  firstResponseDueAt: string | null;
  firstRespondedAt: string | null;
  /** Public replies, oldest first: the agent's first one answers the ticket. */
  replies: {
    authorEmail: string;
    authorName: string;
    authorType: 'agent' | 'customer';
    body: string;
    createdAt: string;
  }[];
}

/** Requesters the help desk knows who have no portal account in the demo (the help desk keeps their names). */
export const demoRequesters = [
  { email: 'noc@example.net', name: 'Nia Okafor' },
  { email: 'sam.berg@example.net', name: 'Sam Berg' },
  { email: 'priya@example.com', name: 'Priya Raman' },
] as const;

const CUSTOMER = 'customer@example.com';
const LEGACY = 'legacy@example.com';
const OTHER = 'ops@example.org';
const NOC = 'noc@example.net';
const SAM = 'sam.berg@example.net';
const PRIYA = 'priya@example.com';
const AGENT = 'agent@acme.example';
const ADMIN = 'admin@acme.example';
const NAMES = new Map<string, string>(
  [...demoUsers, ...demoRequesters].map((person) => [person.email, person.name]),
);
const nameOf = (email: string) => NAMES.get(email) ?? email;

const accountOf = (providedId: string) =>
  demoCustomerAccounts.find((account) => account.providedId === providedId) ?? null;
const organisationOf = (providedId: string) => {
  const account = accountOf(providedId);
  return account ? { organisation: account.company, tier: account.tier } : { organisation: null, tier: null };
};
/** The legacy customer has no ID on file, so no organisation. */
const ORGANISATIONS: Record<string, { organisation: string | null; tier: SupportTier | null }> = {
  [CUSTOMER]: organisationOf('CUST-0001'),
  [LEGACY]: { organisation: null, tier: null },
  [OTHER]: organisationOf('CUST-0002'),
  [NOC]: organisationOf('CUST-0003'),
  [SAM]: organisationOf('CUST-0003'),
  [PRIYA]: organisationOf('CTRL-0A1B2C3D'),
};

/**
 * Where a ticket stands against its first response: overdue, due soon, due later, answered in time (`met`),
 * or stopped by a solve before anyone answered (`paused`).
 */
type DueProfile = 'overdue' | 'soon' | 'later' | 'met' | 'paused';

type Row = [
  subject: string,
  description: string,
  status: TicketStatus,
  requester: string,
  priority: TicketPriority,
  assignee: string | null,
  due: DueProfile,
];

const rows: Row[] = [
  [
    'Transit gateway HA failover took four minutes',
    'During the maintenance window in us-east-1 the primary transit gateway was stopped and traffic took about four minutes to move to the HA peer. We expected sub-second failover. Controller 7.2.4960, gateways on the same release.',
    'open',
    CUSTOMER,
    'P1',
    AGENT,
    'overdue',
  ],
  [
    'Spoke attachment stuck in "pending"',
    'The attachment of spoke gw-app-prod-2 to the transit gateway has shown pending for two hours. Route tables of the spoke VPC were not updated.',
    'pending',
    CUSTOMER,
    'P2',
    AGENT,
    'met',
  ],
  [
    'Controller upgrade from 7.1 to 7.2 fails pre-check',
    'The pre-upgrade check reports "gateway image version mismatch" for three gateways although they were upgraded last week. Please advise before our change window on Friday.',
    'open',
    CUSTOMER,
    'P2',
    ADMIN,
    'soon',
  ],
  [
    'VPN client cannot open the SAML browser window on macOS',
    'Users on macOS 14 click Connect, but the browser window for SAML never opens. Windows users are fine. VPN client 2.16.42.',
    'solved',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'FireNet firewall marked down by health check',
    'A newly launched firewall in the FireNet VPC is marked down by the transit gateway. The firewall answers ping from its own subnet.',
    'open',
    CUSTOMER,
    'P2',
    null,
    'overdue',
  ],
  [
    'License shows as expired after renewal',
    'We renewed our subscription yesterday but the controller still shows the license as expired under Settings > Controller > License. Customer ID CUST-0001.',
    'solved',
    CUSTOMER,
    'P3',
    ADMIN,
    'met',
  ],
  [
    'CoPilot topology map shows no gateways',
    'After associating CoPilot with the controller the topology view is empty. NetFlow and syslog export are enabled.',
    'pending',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Site2Cloud tunnel to Azure flaps every hour',
    'The Site2Cloud IPsec tunnel between our on-premises Palo Alto and the Azure spoke gateway goes down every 60 minutes, matching the phase 2 lifetime.',
    'open',
    CUSTOMER,
    'P2',
    AGENT,
    'met',
  ],
  [
    'Edge appliance stays in "waiting" after ZTP',
    'Our Edge appliance in the Frankfurt branch has shown waiting since it was powered on this morning. It has DHCP on the WAN port and outbound HTTPS.',
    'new',
    CUSTOMER,
    'P2',
    null,
    'later',
  ],
  [
    'Request for a temporary license extension',
    'Our procurement process for the renewal is delayed. Can we get a 30-day extension of the current license to avoid an outage of gateway launches?',
    'closed',
    CUSTOMER,
    'P3',
    ADMIN,
    'paused',
  ],
  [
    'FQDN filter blocks apt mirrors with wildcard rule',
    'We added *.ubuntu.com to the allow-list, but apt update on the spoke instances still fails for security.ubuntu.com.',
    'solved',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'BGP routes from on-premises not propagated to spokes',
    'Routes learned over the BGP connection from our data center appear on the transit gateway but not in the spoke route tables.',
    'open',
    CUSTOMER,
    'P2',
    ADMIN,
    'met',
  ],
  [
    'Gateway CPU at 100 percent after enabling Insane Mode',
    'After enabling Insane Mode on the transit pair in AWS, CPU utilization stays at 100 percent even with low traffic.',
    'hold',
    CUSTOMER,
    'P2',
    AGENT,
    'met',
  ],
  [
    'Cannot launch gateways in the new GCP project',
    'Gateway creation fails with "permission denied on compute.instances.create" for the new GCP project we onboarded last week.',
    'open',
    CUSTOMER,
    'P3',
    null,
    'later',
  ],
  [
    'Controller backup to S3 fails',
    'Scheduled backups fail with AccessDenied since we rotated the IAM keys of the backup account.',
    'solved',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Packet loss between Azure and AWS spokes',
    'We see 2 to 3 percent packet loss between spokes in Azure West Europe and AWS eu-central-1 during business hours.',
    'pending',
    CUSTOMER,
    'P2',
    AGENT,
    'met',
  ],
  [
    'Question about end of support for 7.1',
    'Our controller runs 7.1. What does End of Support mean for security fixes, and what is the recommended upgrade path?',
    'closed',
    CUSTOMER,
    'P3',
    ADMIN,
    'paused',
  ],
  [
    'VPN users get disconnected after 8 hours',
    'Remote users are disconnected every 8 hours and must sign in again. Is this a setting of the VPN gateway or of our identity provider?',
    'solved',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Terraform provider returns 500 on spoke creation',
    'Creating a spoke gateway with the Terraform provider 3.1 returns HTTP 500 from the controller API. The same settings work in the UI.',
    'open',
    CUSTOMER,
    'P3',
    ADMIN,
    'soon',
  ],
  [
    'Egress traffic uses the wrong NAT gateway',
    'Outbound traffic from the spoke goes through the transit FireNet instead of the local egress NAT we configured.',
    'new',
    CUSTOMER,
    'P3',
    null,
    'later',
  ],
  [
    'Request: enable jumbo frames on existing transit',
    'Can jumbo frames be enabled on an existing transit gateway without downtime, or do we need to recreate it?',
    'solved',
    CUSTOMER,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Syslog export to Splunk missing gateway logs',
    'Controller logs arrive in Splunk but gateway logs do not. Syslog profile 0 is enabled for all gateways.',
    'pending',
    CUSTOMER,
    'P3',
    ADMIN,
    'met',
  ],
  [
    'ThreatIQ alert for known scanner',
    'ThreatIQ raised a high severity alert for traffic from a vulnerability scanner we run ourselves. How do we allow-list it?',
    'closed',
    CUSTOMER,
    'P2',
    AGENT,
    'met',
  ],
  [
    'Oracle Cloud gateway image not available in region',
    'The gateway image is not offered in OCI region ap-sydney-1. Is the region supported?',
    'open',
    CUSTOMER,
    'P3',
    null,
    'later',
  ],
  [
    'Legacy account: ID request for login',
    'I was asked for a Controller ID at login. Where do I find it? We run controller 7.2 in AWS.',
    'solved',
    LEGACY,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Spoke gateway resize fails in Azure',
    'Resizing a spoke gateway to Standard_D8s_v5 fails with "SKU not available in zone".',
    'open',
    LEGACY,
    'P2',
    null,
    'overdue',
  ],
  [
    'Transit peering between two controllers',
    'We manage two controllers after an acquisition. Can we peer their transit gateways?',
    'pending',
    OTHER,
    'P3',
    ADMIN,
    'met',
  ],
  [
    'Edge image download link expired',
    'The signed download link for the Edge KVM image expired before the download finished.',
    'solved',
    OTHER,
    'P3',
    AGENT,
    'paused',
  ],
  [
    'High latency after gateway upgrade',
    'Since upgrading the gateways to 7.2 latency between spokes rose from 2 ms to 15 ms.',
    'open',
    OTHER,
    'P1',
    AGENT,
    'soon',
  ],
  [
    'Firewall bootstrap configuration not applied',
    'Palo Alto VM-Series instances launched through FireNet come up without the bootstrap configuration from the S3 bucket.',
    'new',
    OTHER,
    'P2',
    null,
    'overdue',
  ],
  [
    'CoPilot disk almost full',
    'The CoPilot data disk is at 92 percent. How do we extend it without losing flow data?',
    'open',
    OTHER,
    'P3',
    ADMIN,
    'met',
  ],
  [
    'Transit gateways in eu-west-1 dropping BGP sessions',
    'Since 06:10 UTC both transit gateways in eu-west-1 drop their BGP sessions to the on-premises routers every few minutes. Production traffic between our data center and 40 spokes is affected.',
    'open',
    NOC,
    'P1',
    AGENT,
    'overdue',
  ],
  [
    'Controller UI slow after adding 300 spokes',
    'Pages of the controller take 20 to 30 seconds to load since we onboarded the new business unit with 300 spoke gateways.',
    'hold',
    SAM,
    'P2',
    ADMIN,
    'met',
  ],
  [
    'Planned change: replace transit gateway instance size',
    'We plan to resize our transit gateways from c5n.4xlarge to c5n.9xlarge next Tuesday. Please confirm the expected downtime.',
    'pending',
    NOC,
    'P3',
    AGENT,
    'met',
  ],
  [
    'Distributed firewall rules not enforced on new spokes',
    'Rules of the distributed cloud firewall apply to the existing spokes but not to the three we attached today.',
    'new',
    SAM,
    'P2',
    null,
    'soon',
  ],
  [
    'Controller HA standby out of sync',
    'The standby controller reports "sync failed" since the backup bucket moved to another account.',
    'open',
    PRIYA,
    'P2',
    ADMIN,
    'soon',
  ],
  [
    'Question about the 8.0 upgrade window',
    'How long is the data plane affected when gateways are upgraded to 8.0 with the rolling upgrade?',
    'solved',
    PRIYA,
    'P3',
    AGENT,
    'met',
  ],
];

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Ages in hours of the first rows (the newest work), then one a day backwards. */
const ageHours = (index: number) => (index < 8 ? 3 + index * 5 : 24 * (index - 5));

/** The agent's first answer and, for an open ticket, the customer's answer back. */
function repliesOf(row: Row, created: number, responded: number, now: number): DemoTicket['replies'] {
  const [, , status, requester, , assignee] = row;
  const agent = assignee ?? AGENT;
  const replies: DemoTicket['replies'] = [
    {
      authorEmail: agent,
      authorName: nameOf(agent),
      authorType: 'agent',
      body:
        status === 'pending'
          ? 'Thanks for the details. Could you send us the gateway diagnostics (Troubleshoot > Diagnostics) of the affected gateways?'
          : 'Thanks for reporting this. We are looking into it and will update you here.',
      createdAt: new Date(responded).toISOString(),
    },
  ];
  if (status === 'open' || status === 'hold') {
    replies.push({
      authorEmail: requester,
      authorName: nameOf(requester),
      authorType: 'customer',
      body: 'Here is what we see since then; the issue is still there.',
      createdAt: new Date(Math.min(now - 20 * MINUTE, responded + (responded - created))).toISOString(),
    });
  }
  return replies;
}

/**
 * The demo tickets as they stand at `now` (the seed's instant): due times are counted from it, so the queue
 * shows overdue and due-soon tickets on any day, in the same order on every machine.
 */
export function demoTicketsAt(now: number): DemoTicket[] {
  return rows.map((row, index) => {
    const [subject, description, status, requesterEmail, priority, assigneeEmail, due] = row;
    const created = now - ageHours(index) * HOUR;
    let firstResponseDueAt: number | null = created + 4 * HOUR;
    let firstRespondedAt: number | null = null;
    if (due === 'overdue') firstResponseDueAt = now - 35 * MINUTE - index * MINUTE;
    if (due === 'soon') firstResponseDueAt = now + 25 * MINUTE + index * MINUTE;
    if (due === 'later') firstResponseDueAt = now + 5 * HOUR + index * MINUTE;
    if (due === 'met') firstRespondedAt = created + 50 * MINUTE;
    const replies = firstRespondedAt === null ? [] : repliesOf(row, created, firstRespondedAt, now);
    const lastActivity = Math.max(created, ...replies.map((reply) => Date.parse(reply.createdAt)));
    return {
      subject,
      description,
      status,
      priority,
      requesterEmail,
      ...(ORGANISATIONS[requesterEmail] ?? { organisation: null, tier: null }),
      assigneeEmail,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(lastActivity).toISOString(),
      firstResponseDueAt: new Date(firstResponseDueAt).toISOString(),
      firstRespondedAt: firstRespondedAt === null ? null : new Date(firstRespondedAt).toISOString(),
      replies,
    };
  });
}
