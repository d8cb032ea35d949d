/** Demo defects of the built-in tracker (Jira's role), seeded when DEMO_DATA is on; agents search them. */

export interface DemoIssue {
  key: string;
  summary: string;
  description: string;
  status: string;
}

type Row = [summary: string, description: string, status: string];

const rows: Row[] = [
  [
    'Transit HA failover slow when BGP hold timer is 180s',
    'Failover of a transit gateway pair waits for the BGP hold timer of on-premises peers. With the default hold timer of 180 seconds traffic is lost for up to three minutes. Proposal: send a BGP notification on graceful stop and lower the default hold timer.',
    'In Progress',
  ],
  [
    'Spoke attachment remains pending after controller restart',
    'If the controller restarts while an attachment task runs, the task is never resumed and the attachment remains pending. Route programming must be retried on start.',
    'Open',
  ],
  [
    'Pre-upgrade check reports false image mismatch',
    'The pre-upgrade check compares the image version string including the build suffix, so gateways upgraded with a hotfix are reported as mismatched.',
    'Resolved',
  ],
  [
    'VPN client on macOS does not open SAML window',
    'On macOS 14 the VPN client fails to start the default browser when the user has set a non-Safari default browser. The local listener on port 50006 starts correctly.',
    'Resolved',
  ],
  [
    'FireNet health check uses wrong interface after firewall replace',
    'After replacing a firewall instance the health check still probes the old LAN IP until the transit gateway is restarted.',
    'Open',
  ],
  [
    'License cache not refreshed after renewal',
    'The controller caches the license status for 24 hours, so a renewed license still shows expired until the next day. Add a refresh button.',
    'In Progress',
  ],
  [
    'CoPilot topology empty when controller uses private IP',
    'CoPilot fails to build the topology when associated with the controller by private IP and the controller certificate has no IP SAN.',
    'Open',
  ],
  [
    'Site2Cloud rekey races with DPD',
    'When the phase 2 rekey coincides with a dead peer detection timeout the tunnel is torn down instead of rekeyed.',
    'In Progress',
  ],
  [
    'Edge ZTP fails when clock skew exceeds 5 minutes',
    'TLS validation of the controller certificate fails on Edge appliances whose clock is more than 5 minutes off; ZTP should sync NTP before registering.',
    'Open',
  ],
  [
    'FQDN filter does not match wildcard subdomains with two labels',
    'A rule for *.ubuntu.com does not match security.ubuntu.com.cdn.example because the matcher allows one label only.',
    'Resolved',
  ],
  [
    'BGP learned routes not programmed into spokes with more than 100 routes',
    'Route programming to spoke route tables stops at 100 routes per table in AWS because of the default route table quota; the controller does not report the error.',
    'Open',
  ],
  [
    'Insane Mode CPU shows 100 percent due to polling threads',
    'With Insane Mode the DPDK polling threads keep the CPU at 100 percent; the dashboard should report real utilization instead.',
    "Won't Fix",
  ],
  [
    'GCP gateway creation error message hides missing permission',
    'When compute.instances.create is missing the controller shows a generic error. The API error should be passed through.',
    'Resolved',
  ],
  [
    'Backup to S3 fails after access key rotation',
    'The backup job keeps the old credentials in memory until the controller restarts.',
    'Resolved',
  ],
  [
    'Packet loss between clouds during peak hours',
    'Investigate packet loss between Azure and AWS spokes under load: suspect the encryption offload queue depth.',
    'In Progress',
  ],
  [
    'VPN session lifetime ignores SAML session length',
    'The VPN gateway disconnects users after 8 hours regardless of the identity provider session length.',
    'Open',
  ],
  [
    'Terraform spoke creation returns 500 with empty tags',
    'The API returns 500 when the tags field is an empty map instead of omitting it.',
    'Resolved',
  ],
  [
    'Egress NAT ignored when FireNet egress is enabled',
    'Local egress NAT on a spoke is ignored when Transit FireNet has egress inspection enabled; document the precedence or fix it.',
    'Open',
  ],
  [
    'Jumbo frames cannot be enabled without gateway restart',
    'Enabling jumbo frames on an existing transit requires a restart; the UI does not warn about the traffic impact.',
    'Open',
  ],
  [
    'Gateway syslog not forwarded when profile index is 0',
    'Gateways skip syslog forwarding for profile 0 because the index is treated as unset.',
    'In Progress',
  ],
  [
    'ThreatIQ allow-list not applied to existing alerts',
    'Adding an IP to the ThreatIQ allow-list hides new alerts but existing alerts stay open.',
    'Open',
  ],
  [
    'OCI region ap-sydney-1 missing from image catalog',
    'The gateway image publication pipeline skipped ap-sydney-1.',
    'Resolved',
  ],
  [
    'Azure resize fails for zonal SKUs',
    'Resizing checks SKU availability per region, not per zone, so a resize to a SKU missing in the zone fails late.',
    'Open',
  ],
  [
    'Transit peering across controllers not supported',
    'Feature request: peer transit gateways managed by different controllers using a shared key.',
    'Backlog',
  ],
  [
    'Edge image signed URL expires too early',
    'The signed download URL of Edge images lives 15 minutes, too short for the 4 GB KVM image on slow links.',
    'Resolved',
  ],
  [
    'Latency increase after 7.2 gateway upgrade',
    'Gateways upgraded to 7.2 route inter-spoke traffic through the transit even when spoke-to-spoke peering exists.',
    'In Progress',
  ],
  [
    'FireNet bootstrap bucket not read in new regions',
    'The IAM role created for firewall bootstrap lacks s3:GetObject in regions launched after 2025.',
    'Open',
  ],
  [
    'CoPilot data disk cannot be extended online',
    'Extending the CoPilot data disk requires a reboot and loses in-flight flow records.',
    'Open',
  ],
  [
    'Controller UI slow with 2000 gateways',
    'The gateway list page takes 20 seconds with 2000 gateways; paginate on the server.',
    'Backlog',
  ],
  [
    'Upgrade dry run does not check disk space',
    'The dry run passes on controllers with less than 2 GB free, then the upgrade fails while unpacking.',
    'Open',
  ],
];

export const demoIssues: readonly DemoIssue[] = rows.map(([summary, description, status], index) => ({
  key: `NET-${1001 + index}`,
  summary,
  description,
  status,
}));
