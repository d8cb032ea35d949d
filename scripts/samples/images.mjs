import { esc, FONT, labelWidth, MARK, min, MONO, watermark } from './svg.mjs';

/**
 * The sample images: two stylised screenshots of where the Customer ID is shown, the download-process
 * diagram and the favicon, keyed by their path under the repository.
 *
 * @param {import('../../src/common/portal-config.ts').PortalConfig} config
 */
export function sampleImages(config) {
  const product = config.product.name;

  const SAMPLE_ID = `${product.toLowerCase()}-sample-4f2a9c1e-0042`;

  /**
   * A stylised License page of one of the product's UIs: a sidebar with Settings > `ui.sub[0]` selected, a row
   * of tabs with License active, and a card with the Customer ID field highlighted, a callout pointing at it
   * and three more rows. `ui` holds what differs between the UIs: names, colours, the positions of the page
   * and its card, how a sidebar entry and a tab are drawn, and the window's frame around the sidebar.
   */
  function licensePageSvg(ui) {
    const W = 960;
    const H = 540;
    const { page } = ui;
    const { x } = page;
    const { ink, muted, accent } = ui.colors;
    let y = ui.navTop;
    const navItems = ui.nav
      .map((label) => {
        const t = ui.navIcon(y) + `<text x="${ui.navX}" y="${y}">${esc(label)}</text>`;
        y += 30;
        return t;
      })
      .join('\n');
    const settingsY = y;
    y += 28;
    const subItems = ui.sub
      .map((label, i) => {
        const active = i === 0;
        const { x: hx, width, rx, fill, text } = ui.subActive;
        const t =
          (active
            ? `<rect x="${hx}" y="${y - 17}" width="${width}" height="26" rx="${rx}" fill="${fill}"/>`
            : '') +
          `<text x="${ui.subX}" y="${y}"${active ? ` fill="${text}" font-weight="600"` : ''}>${esc(label)}</text>`;
        y += 28;
        return t;
      })
      .join('\n');

    let tx = x;
    const tabItems = ui.tabs
      .map((label) => {
        const w = labelWidth(label) + ui.tabPadding;
        const t = ui.tab(label, tx, w, label === 'License');
        tx += w + ui.tabGap;
        return t;
      })
      .join('\n');

    const card = ui.card;
    // The Customer ID box, its field centred on it, and the callout hanging from its bottom edge, flush right
    // with the button.
    const box = { y: card.y + 74, height: card.boxHeight };
    const fieldMid = box.y + box.height / 2;
    const calloutY = box.y + box.height;
    const rowItems = ui.rows
      .map(
        ([k, v], i) =>
          `<text x="${x + 28}" y="${card.rowsY + i * card.rowStep}" fill="#64748b">${k}</text>` +
          `<text x="${x + 208}" y="${card.rowsY + i * card.rowStep}" fill="${ink}">${v}</text>`,
      )
      .join('\n');

    return min(`
  <svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
  <title id="t">Sample screenshot: the Customer ID on the License page of ${ui.title}</title>
  <desc id="d">The ${ui.uiName} UI with Settings, ${ui.sub[0]} selected in the sidebar and the License tab open. The Customer ID field, showing the sample value ${SAMPLE_ID}, is highlighted.</desc>
  ${ui.frame(W, H)}
  <g font-family="${FONT}" font-size="13" fill="${ui.sidebarText}">
  ${navItems}
  ${ui.settingsIcon(settingsY)}
  <text x="${ui.navX}" y="${settingsY}" fill="${ui.settingsColor}" font-weight="600">Settings</text>
  <path d="M${ui.chevronX} ${settingsY - 8}l5 5 5-5" fill="none" stroke="${ui.chevronColor}" stroke-width="1.6"/>
  ${subItems}
  </g>
  ${ui.topBar(W)}
  <g font-family="${FONT}" font-size="13" fill="${page.text}">
  <text x="${x}" y="${page.crumbY}">Settings <tspan fill="${page.faint}">›</tspan> ${ui.sub[0]} <tspan fill="${page.faint}">›</tspan> <tspan fill="${ink}" font-weight="600">License</tspan></text>
  ${ui.topBarItems}
  <text x="${x}" y="${page.headingY}" font-size="20" font-weight="700" fill="${ink}">${ui.sub[0]}</text>
  ${tabItems}
  ${ui.tabsRule(W)}
  <rect x="${x}" y="${card.y}" width="${W - card.inset}" height="${H - card.bottom}" rx="${card.rx}" fill="#fff" stroke="${card.stroke}"/>
  <text x="${x + 24}" y="${card.y + 34}" font-size="16" font-weight="700" fill="${ink}">License</text>
  <text x="${x + 24}" y="${card.y + 56}" fill="${muted}">${ui.cardText}</text>
  <rect x="${x + 14}" y="${box.y}" width="640" height="${box.height}" rx="${card.boxRx}" fill="${card.boxFill}" stroke="${accent}" stroke-width="2.5"/>
  <text x="${x + 28}" y="${fieldMid + 5}" font-weight="600" fill="${card.labelColor}">Customer ID</text>
  <rect x="${x + 198}" y="${fieldMid - 16}" width="330" height="32" rx="${card.fieldRx}" fill="#fff" stroke="${card.fieldStroke}"/>
  <text x="${x + 210}" y="${fieldMid + 5}" font-family="${MONO}" font-size="14" fill="${ink}">${SAMPLE_ID}</text>
  ${ui.button(x + 540, fieldMid)}
  ${rowItems}
  <path d="M${x + 458} ${calloutY}l10 14 10-14z" fill="${accent}"/>
  <rect x="640" y="${calloutY + 13}" width="${x}" height="60" rx="${card.boxRx}" fill="${accent}"/>
  <text x="656" y="${calloutY + 38}" fill="${card.calloutText}" font-weight="700" font-size="14">Your Customer ID</text>
  <text x="656" y="${calloutY + 58}" fill="${card.calloutText}">${ui.calloutLine}</text>
  </g>
  <g font-family="${FONT}">${watermark(ui.watermarkX, 330)}</g>
  </svg>`);
  }

  /** Controller UI: a dark top bar and sidebar, underlined tabs, Settings > Controller > License. */
  const controllerSvg = () =>
    licensePageSvg({
      title: `the ${esc(product)} controller`,
      uiName: 'controller',
      colors: { ink: '#0f172a', muted: '#64748b', accent: '#f97316' },
      frame: (W, H) => `
  <rect width="${W}" height="${H}" fill="#f1f5f9"/>
  <rect width="${W}" height="48" fill="#0b1f44"/>
  <g transform="translate(20 12) scale(0.75)">${MARK}</g>
  <text x="50" y="30" font-family="${FONT}" font-size="16" font-weight="700" fill="#fff">${esc(product)} Controller</text>
  <g font-family="${FONT}" font-size="13" fill="#cbd5e1">
  <rect x="676" y="13" width="200" height="22" rx="4" fill="#1e3a6e"/>
  <text x="688" y="29" fill="#94a3b8">Search</text>
  <circle cx="910" cy="24" r="13" fill="#1e3a6e"/>
  <text x="910" y="29" text-anchor="middle" fill="#fff" font-size="12" font-weight="600">AD</text>
  </g>
  <rect y="48" width="200" height="${H - 48}" fill="#13294f"/>`,
      sidebarText: '#cbd5e1',
      nav: [
        'Dashboard',
        'Multi-Cloud Transit',
        'Gateways',
        'Firewall Network',
        'Security',
        'Monitor',
        'Troubleshoot',
      ],
      navTop: 92,
      navX: 28,
      navIcon: () => '',
      settingsIcon: () => '',
      settingsColor: '#fff',
      chevronX: 176,
      chevronColor: '#fff',
      sub: ['Controller', 'Maintenance', 'Accounts', 'Advanced'],
      subX: 44,
      subActive: { x: 8, width: 184, rx: 4, fill: '#2563eb', text: '#fff' },
      topBar: () => '',
      topBarItems: '',
      page: { x: 232, text: '#475569', faint: '#94a3b8', crumbY: 82, headingY: 108 },
      tabs: ['General', 'License', 'Email', 'Security', 'Certificates'],
      tabPadding: 24,
      tabGap: 8,
      tab: (label, tx, w, active) =>
        `<text x="${tx + 12}" y="136"${active ? ' fill="#1d4ed8" font-weight="600"' : ''}>${label}</text>` +
        (active ? `<rect x="${tx}" y="146" width="${w}" height="3" fill="#2563eb"/>` : ''),
      tabsRule: (W) => `<rect x="232" y="149" width="${W - 260}" height="1" fill="#cbd5e1"/>`,
      card: {
        y: 170,
        inset: 260,
        bottom: 200,
        rx: 8,
        stroke: '#e2e8f0',
        boxHeight: 56,
        boxRx: 6,
        boxFill: '#fff7ed',
        labelColor: '#9a3412',
        fieldRx: 4,
        fieldStroke: '#cbd5e1',
        rowsY: 330,
        rowStep: 36,
        calloutText: '#fff',
      },
      cardText: `The Customer ID identifies your ${esc(product)} license. Support asks for it with every ticket.`,
      button: (bx, mid) =>
        `<rect x="${bx}" y="${mid - 16}" width="100" height="32" rx="4" fill="#2563eb"/>\n` +
        `<text x="${bx + 50}" y="${mid + 5}" text-anchor="middle" fill="#fff" font-weight="600">Save</text>`,
      rows: [
        ['License type', 'BYOL'],
        ['Controller version', '8.1.1305'],
        ['Expiration date', '2026-12-31'],
      ],
      calloutLine: 'Copy it into the sign-up form.',
      watermarkX: 580,
    });

  /** CoPilot UI: a light sidebar with icons, pill tabs, Settings > Configuration > License. */
  const copilotSvg = () =>
    licensePageSvg({
      title: `${esc(product)} CoPilot`,
      uiName: 'CoPilot',
      colors: { ink: '#111827', muted: '#6b7280', accent: '#f59e0b' },
      frame: (W, H) => `
  <rect width="${W}" height="${H}" fill="#f8fafc"/>
  <rect width="210" height="${H}" fill="#fff"/>
  <rect x="210" width="1" height="${H}" fill="#e5e7eb"/>
  <g transform="translate(20 18) scale(0.75)">${MARK}</g>
  <text x="52" y="35" font-family="${FONT}" font-size="16" font-weight="700" fill="#111827">${esc(product)} CoPilot</text>`,
      sidebarText: '#374151',
      nav: ['Dashboard', 'Topology', 'Cloud Resources', 'Networking', 'Security', 'Monitor', 'Diagnostics'],
      navTop: 96,
      navX: 46,
      navIcon: (y) =>
        `<rect x="22" y="${y - 12}" width="14" height="14" rx="3" fill="none" stroke="#94a3b8" stroke-width="1.5"/>`,
      settingsIcon: (y) =>
        `<rect x="22" y="${y - 12}" width="14" height="14" rx="7" fill="none" stroke="#6d28d9" stroke-width="1.5"/>`,
      settingsColor: '#111827',
      chevronX: 182,
      chevronColor: '#374151',
      sub: ['Configuration', 'Resources', 'Notifications'],
      subX: 46,
      subActive: { x: 10, width: 190, rx: 13, fill: '#ede9fe', text: '#5b21b6' },
      topBar: (W) => `
  <rect x="211" width="${W - 211}" height="56" fill="#fff"/>
  <rect x="211" y="56" width="${W - 211}" height="1" fill="#e5e7eb"/>`,
      topBarItems: `
  <rect x="700" y="16" width="180" height="26" rx="13" fill="#f3f4f6"/>
  <text x="716" y="34" fill="#9ca3af">Search CoPilot</text>
  <circle cx="910" cy="29" r="13" fill="#ede9fe"/>
  <text x="910" y="34" text-anchor="middle" fill="#5b21b6" font-size="12" font-weight="600">AD</text>`,
      page: { x: 236, text: '#4b5563', faint: '#9ca3af', crumbY: 34, headingY: 100 },
      tabs: ['General', 'License', 'Backup', 'Email', 'Single Sign-On'],
      tabPadding: 28,
      tabGap: 6,
      tab: (label, tx, w, active) =>
        active
          ? `<rect x="${tx}" y="120" width="${w}" height="28" rx="14" fill="#6d28d9"/>` +
            `<text x="${tx + w / 2}" y="139" text-anchor="middle" fill="#fff" font-weight="600">${label}</text>`
          : `<text x="${tx + w / 2}" y="139" text-anchor="middle">${label}</text>`,
      tabsRule: () => '',
      card: {
        y: 168,
        inset: 266,
        bottom: 196,
        rx: 10,
        stroke: '#e5e7eb',
        boxHeight: 60,
        boxRx: 8,
        boxFill: '#fffbeb',
        labelColor: '#92400e',
        fieldRx: 6,
        fieldStroke: '#d1d5db',
        rowsY: 346,
        rowStep: 34,
        calloutText: '#111827',
      },
      cardText: 'CoPilot shows the Customer ID of the controller it is connected to.',
      button: (bx, mid) =>
        `<rect x="${bx}" y="${mid - 16}" width="100" height="32" rx="6" fill="#fff" stroke="#6d28d9"/>\n` +
        `<text x="${bx + 50}" y="${mid + 5}" text-anchor="middle" fill="#6d28d9" font-weight="600">Copy</text>`,
      rows: [
        ['License type', 'Subscription'],
        ['Controller IP', '10.0.0.10'],
        ['CoPilot version', '4.16.2'],
      ],
      calloutLine: 'Same ID as in the controller.',
      watermarkX: 585,
    });

  /** Flow diagram of the Edge image download process. */
  function downloadProcessSvg() {
    const W = 960;
    const H = 420;
    const embargoed = config.embargoedCountries.join(', ');
    const COLORS = { grey: '#475569', green: '#15803d', amber: '#b45309', red: '#b91c1c' };
    /** A rounded box with bold `title` lines, regular `detail` lines and an optional step number. */
    const box = (
      x,
      y,
      w,
      h,
      title,
      detail,
      { fill = '#eff6ff', stroke = '#2563eb', color = '#0f172a', step } = {},
    ) => {
      const lines = [...title.map((t) => [t, true]), ...detail.map((t) => [t, false])];
      const top = y + h / 2 - ((lines.length - 1) * 17) / 2 + 5;
      return (
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="2"/>` +
        (step
          ? `<circle cx="${x}" cy="${y}" r="12" fill="${stroke}"/>` +
            `<text x="${x}" y="${y + 4.5}" text-anchor="middle" fill="#fff" font-size="12" font-weight="700">${step}</text>`
          : '') +
        lines
          .map(
            ([l, bold], i) =>
              `<text x="${x + w / 2}" y="${top + i * 17}" text-anchor="middle" fill="${color}"` +
              `${bold ? ' font-weight="700"' : ' font-size="12.5"'}>${esc(l)}</text>`,
          )
          .join('')
      );
    };
    const arrow = (d, color = 'grey', label = '', lx = 0, ly = 0) =>
      `<path d="${d}" fill="none" stroke="${COLORS[color]}" stroke-width="2" marker-end="url(#${color})"/>` +
      (label
        ? `<text x="${lx}" y="${ly}" text-anchor="middle" font-weight="700" fill="${COLORS[color]}">${label}</text>`
        : '');
    const markers = Object.entries(COLORS)
      .map(
        ([name, c]) =>
          `<marker id="${name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">` +
          `<path d="M0 0L10 5 0 10z" fill="${c}"/></marker>`,
      )
      .join('');

    return min(`
  <svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
  <title id="t">${esc(product)} Edge image download process</title>
  <desc id="d">1. Sign in. If the Edge appliance is deployed in the United States, go straight to the downloads. If not, 2. fill in the deployment and company address form; an export-control check follows, which blocks embargoed countries${embargoed ? ` (${esc(embargoed)})` : ''}. Once cleared, 3. choose the image and 4. receive a signed download link.</desc>
  <defs>${markers}</defs>
  <rect width="${W}" height="${H}" fill="#fff"/>
  <g font-family="${FONT}" font-size="14">
  <text x="24" y="36" font-size="18" font-weight="700" fill="#0f172a">${esc(product)} Edge image download process</text>
  ${box(30, 90, 140, 64, ['Sign in'], ['customer account'], { step: 1 })}
  ${arrow('M170 122H192')}
  <path d="M305 56L415 122 305 188 195 122z" fill="#fefce8" stroke="#ca8a04" stroke-width="2"/>
  <text x="305" y="110" text-anchor="middle" font-weight="700" fill="#0f172a">Is Edge deployed</text>
  <text x="305" y="127" text-anchor="middle" font-weight="700" fill="#0f172a">in the United</text>
  <text x="305" y="144" text-anchor="middle" font-weight="700" fill="#0f172a">States?</text>
  ${arrow('M415 122H556', 'green', 'Yes', 485, 112)}
  <text x="485" y="142" text-anchor="middle" font-size="12" fill="#475569">straight to downloads</text>
  ${box(560, 90, 170, 64, ['Choose image'], ['platform and release'], { step: 3 })}
  ${arrow('M730 122H776')}
  ${box(780, 90, 156, 64, ['Signed download', 'link'], [], { fill: '#f0fdf4', stroke: '#15803d', step: 4 })}
  ${arrow('M305 188V252', 'amber', 'No', 323, 226)}
  ${box(195, 256, 220, 76, ['Deployment and', 'company address form'], [], { step: 2 })}
  ${arrow('M415 294H556')}
  ${box(560, 256, 170, 76, ['Export-control', 'check'], ['screening of the address'], { fill: '#fefce8', stroke: '#ca8a04' })}
  ${arrow('M645 256V158', 'green', 'Cleared', 682, 212)}
  ${arrow('M730 294H776', 'red')}
  ${box(780, 256, 156, 76, ['Blocked'], ['embargoed countries', embargoed].filter(Boolean), { fill: '#fef2f2', stroke: '#b91c1c', color: '#7f1d1d' })}
  <text x="24" y="388" font-size="12.5" fill="#475569">The address form and the export-control check apply only to deployments outside the United States.</text>
  </g>
  </svg>`);
  }

  /**
   * The logo mark: a rounded square with a stylised "A" and a network node. src/web/components/logo-mark.tsx draws the
   * same shapes inline; change both together.
   */
  const favicon = min(`
  <svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  <title>${esc(product)}</title>
  ${MARK}
  </svg>`);

  return {
    'public/images/locating-id-controller.svg': controllerSvg(),
    'public/images/locating-id-copilot.svg': copilotSvg(),
    'public/images/download-process.svg': downloadProcessSvg(),
    'public/favicon.svg': favicon,
  };
}
