/**
 * Plausible sample text for each service description, keyed by file name (`{ h } | { p } | { li } | { row }`
 * blocks per page, see pdf.mjs); the entry point gives unknown files a generic text.
 *
 * @param {import('../../src/common/portal-config.ts').PortalConfig} config
 */
export function serviceDescriptionTexts(config) {
  const product = config.product.name;
  const company = config.product.company;
  const tiers = config.sla.tiers;
  const slaRows = config.sla.firstResponse.map((r) => ({
    row: [r.priority, `${r.description}. ${r.values.map((v, i) => `${tiers[i]}: ${v}`).join(', ')}.`],
  }));

  return {
    'software-support-services': [
      [
        { h: 'Overview' },
        {
          p: `${product} Software Support gives customers access to the ${product} support team, to software updates and to the knowledge base for the ${product} controller, gateways and CoPilot. It is offered in four tiers: ${tiers.join(', ')}.`,
        },
        { h: 'Included in every tier' },
        { li: 'Access to the ticket portal and, for signed-in customers, the support chatbot.' },
        { li: 'Maintenance releases and security patches for every supported release.' },
        { li: 'Access to the documentation, release notes, field notices and PSIRT advisories.' },
        { h: 'First-response targets' },
        ...slaRows,
        {
          p: 'Targets are measured from the time a ticket is created in the ticket portal. For P1 issues, also call the support phone line after creating the ticket.',
        },
        { h: 'Customer responsibilities' },
        {
          p: 'Keep the controller on a supported release, give the support engineer the Controller ID or Customer ID with every ticket, and provide logs or diagnostics when asked.',
        },
      ],
    ],
    'support-offerings-datasheet': [
      [
        { h: 'At a glance' },
        {
          p: `${company} offers software support, hardware support for Edge appliances and expert services. This datasheet compares the offerings so that you can choose the level that fits your operations.`,
        },
        { h: 'Software support tiers' },
        { row: ['Basic', 'Business-hours coverage, ticket portal, software updates.'] },
        { row: ['Enterprise', '24/7 coverage for P1 and P2 tickets, faster first response.'] },
        { row: ['Enterprise Plus', 'Everything in Enterprise, with priority routing to senior engineers.'] },
        { row: ['Strategic', 'Everything in Enterprise Plus, with a named Trusted Advisor.'] },
        { h: 'Hardware support' },
        {
          p: `Device Support covers ${product} Edge appliances: troubleshooting, firmware updates and advance replacement of faulty units under a return merchandise authorization (RMA).`,
        },
      ],
      [
        { h: 'Expert services' },
        { row: ['Trusted Advisor', 'A named advisor who reviews architecture, upgrades and operations.'] },
        { row: ['Configuration', 'Hands-on help to configure gateways, firewalls and segmentation.'] },
        { h: 'How to buy' },
        {
          p: `Support offerings are sold as annual subscriptions alongside ${product} licenses. Contact your account team or ${config.links.sales} for a quote.`,
        },
        { h: 'Where to get help' },
        { li: 'Ticket portal: open and follow tickets, upload logs.' },
        { li: `Phone: ${config.support.phone} for P1 issues, after creating the ticket.` },
        { li: 'Support portal: SLA, End of Life Policy, service descriptions and downloads.' },
      ],
    ],
    'trusted-advisor-services': [
      [
        { h: 'What you get' },
        {
          p: `A Trusted Advisor is a senior ${product} engineer assigned to your account. The advisor learns your architecture and business goals and becomes your single technical point of contact.`,
        },
        { li: 'Quarterly architecture and operations reviews, with written recommendations.' },
        {
          li: 'Upgrade planning: release selection, upgrade path and a rollback plan for each change window.',
        },
        { li: 'Escalation management for open P1 and P2 tickets.' },
        { li: 'Early notice of field notices and security advisories that affect your deployment.' },
        { h: 'How it works' },
        {
          p: 'The engagement starts with an onboarding workshop to document your deployment. After that, the advisor meets your team on an agreed cadence and is reachable by email during business hours.',
        },
        { h: 'Out of scope' },
        {
          p: 'Hands-on configuration changes in your environment are delivered under Configuration Services.',
        },
      ],
    ],
    'configuration-services': [
      [
        { h: 'Scope' },
        {
          p: `${product} Configuration Services provide an ${product} engineer who works with your team to configure the ${product} platform in your cloud accounts, following an agreed design.`,
        },
        { li: 'Transit and spoke gateways, peering and high availability.' },
        { li: 'Distributed firewall policies and firewall network integration.' },
        { li: 'Network segmentation domains and connection policies.' },
        { li: 'Site-to-cloud connections and Edge appliance onboarding.' },
        { h: 'Delivery' },
        {
          p: 'Each engagement is scoped in a statement of work that lists the tasks, the deliverables and the number of remote sessions. Changes are made in maintenance windows that you approve.',
        },
        { h: 'Deliverables' },
        { li: 'A configuration summary of everything that was changed.' },
        { li: 'A test plan with the results of the acceptance tests.' },
      ],
    ],
    'device-support': [
      [
        { h: 'Coverage' },
        {
          p: `Device Support covers ${product} Edge hardware appliances for the term of the subscription: troubleshooting by the support team, firmware and Edge OS updates, and replacement of faulty units.`,
        },
        { h: 'Advance replacement' },
        {
          p: 'When the support team confirms a hardware fault, a replacement unit is shipped before the faulty unit is returned. Shipping targets depend on the destination country.',
        },
        { h: 'What you need' },
        { li: 'The serial number of the appliance and your Controller ID or Customer ID.' },
        { li: 'Diagnostics collected from the appliance, when it still boots.' },
        { li: 'A shipping address and an on-site contact for the replacement.' },
        { h: 'Related documents' },
        { p: 'Hardware Troubleshooting and Return Process describes each step of an RMA.' },
      ],
    ],
    'hardware-troubleshooting-return': [
      [
        { h: '1. Troubleshoot' },
        { li: 'Check power, cabling and the status LEDs against the appliance quick start guide.' },
        { li: 'Power-cycle the appliance and check whether it reconnects to the controller.' },
        { li: 'Collect diagnostics from the controller and attach them to a ticket.' },
        { h: '2. Open a ticket' },
        {
          p: 'Open a ticket in the ticket portal with the serial number, the symptoms and the steps already taken. The support team confirms whether the fault is in the hardware.',
        },
        { h: '3. Return under an RMA' },
        { li: 'The support team issues a return merchandise authorization (RMA) number.' },
        { li: 'A replacement is shipped; configure it from the controller as described in the guide.' },
        { li: 'Pack the faulty unit in the replacement packaging, with the RMA number on the label.' },
        { li: 'Return it within 15 days of receiving the replacement.' },
        { h: 'Data on returned units' },
        { p: 'Reset the appliance to factory defaults before shipping it, when it still boots.' },
      ],
    ],
  };
}
