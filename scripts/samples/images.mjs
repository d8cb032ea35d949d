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

  /** Controller UI, dark sidebar; Settings > Controller > License with the Customer ID highlighted. */
  function controllerSvg() {
    const W = 960;
    const H = 540;
    const nav = [
      'Dashboard',
      'Multi-Cloud Transit',
      'Gateways',
      'Firewall Network',
      'Security',
      'Monitor',
      'Troubleshoot',
    ];
    const sub = ['Controller', 'Maintenance', 'Accounts', 'Advanced'];
    let y = 92;
    const navItems = nav
      .map((label) => {
        const t = `<text x="28" y="${y}">${esc(label)}</text>`;
        y += 30;
        return t;
      })
      .join('\n');
    const settingsY = y;
    y += 28;
    const subItems = sub
      .map((label, i) => {
        const active = i === 0;
        const t =
          (active ? `<rect x="8" y="${y - 17}" width="184" height="26" rx="4" fill="#2563eb"/>` : '') +
          `<text x="44" y="${y}"${active ? ' fill="#fff" font-weight="600"' : ''}>${esc(label)}</text>`;
        y += 28;
        return t;
      })
      .join('\n');

    const tabs = ['General', 'License', 'Email', 'Security', 'Certificates'];
    let tx = 232;
    const tabItems = tabs
      .map((label) => {
        const active = label === 'License';
        const w = labelWidth(label) + 24;
        const t =
          `<text x="${tx + 12}" y="136"${active ? ' fill="#1d4ed8" font-weight="600"' : ''}>${label}</text>` +
          (active ? `<rect x="${tx}" y="146" width="${w}" height="3" fill="#2563eb"/>` : '');
        tx += w + 8;
        return t;
      })
      .join('\n');

    const rows = [
      ['License type', 'BYOL'],
      ['Controller version', '8.1.1305'],
      ['Expiration date', '2026-12-31'],
    ];
    const rowItems = rows
      .map(
        ([k, v], i) =>
          `<text x="260" y="${330 + i * 36}" fill="#64748b">${k}</text>` +
          `<text x="440" y="${330 + i * 36}" fill="#0f172a">${v}</text>`,
      )
      .join('\n');

    return min(`
  <svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
  <title id="t">Sample screenshot: the Customer ID on the License page of the ${esc(product)} controller</title>
  <desc id="d">The controller UI with Settings, Controller selected in the sidebar and the License tab open. The Customer ID field, showing the sample value ${SAMPLE_ID}, is highlighted.</desc>
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
  <rect y="48" width="200" height="${H - 48}" fill="#13294f"/>
  <g font-family="${FONT}" font-size="13" fill="#cbd5e1">
  ${navItems}
  <text x="28" y="${settingsY}" fill="#fff" font-weight="600">Settings</text>
  <path d="M176 ${settingsY - 8}l5 5 5-5" fill="none" stroke="#fff" stroke-width="1.6"/>
  ${subItems}
  </g>
  <g font-family="${FONT}" font-size="13" fill="#475569">
  <text x="232" y="82">Settings <tspan fill="#94a3b8">›</tspan> Controller <tspan fill="#94a3b8">›</tspan> <tspan fill="#0f172a" font-weight="600">License</tspan></text>
  <text x="232" y="108" font-size="20" font-weight="700" fill="#0f172a">Controller</text>
  ${tabItems}
  <rect x="232" y="149" width="${W - 260}" height="1" fill="#cbd5e1"/>
  <rect x="232" y="170" width="${W - 260}" height="${H - 200}" rx="8" fill="#fff" stroke="#e2e8f0"/>
  <text x="256" y="204" font-size="16" font-weight="700" fill="#0f172a">License</text>
  <text x="256" y="226" fill="#64748b">The Customer ID identifies your ${esc(product)} license. Support asks for it with every ticket.</text>
  <rect x="246" y="244" width="640" height="56" rx="6" fill="#fff7ed" stroke="#f97316" stroke-width="2.5"/>
  <text x="260" y="277" font-weight="600" fill="#9a3412">Customer ID</text>
  <rect x="430" y="256" width="330" height="32" rx="4" fill="#fff" stroke="#cbd5e1"/>
  <text x="442" y="277" font-family="${MONO}" font-size="14" fill="#0f172a">${SAMPLE_ID}</text>
  <rect x="772" y="256" width="100" height="32" rx="4" fill="#2563eb"/>
  <text x="822" y="277" text-anchor="middle" fill="#fff" font-weight="600">Save</text>
  ${rowItems}
  <path d="M690 300l10 14 10-14z" fill="#f97316"/>
  <rect x="640" y="313" width="232" height="60" rx="6" fill="#f97316"/>
  <text x="656" y="338" fill="#fff" font-weight="700" font-size="14">Your Customer ID</text>
  <text x="656" y="358" fill="#fff">Copy it into the sign-up form.</text>
  </g>
  <g font-family="${FONT}">${watermark(580, 330)}</g>
  </svg>`);
  }

  /** CoPilot UI, light sidebar; Settings > Configuration > License with the Customer ID highlighted. */
  function copilotSvg() {
    const W = 960;
    const H = 540;
    const nav = [
      'Dashboard',
      'Topology',
      'Cloud Resources',
      'Networking',
      'Security',
      'Monitor',
      'Diagnostics',
    ];
    const sub = ['Configuration', 'Resources', 'Notifications'];
    let y = 96;
    const navItems = nav
      .map((label) => {
        const t =
          `<rect x="22" y="${y - 12}" width="14" height="14" rx="3" fill="none" stroke="#94a3b8" stroke-width="1.5"/>` +
          `<text x="46" y="${y}">${esc(label)}</text>`;
        y += 30;
        return t;
      })
      .join('\n');
    const settingsY = y;
    y += 28;
    const subItems = sub
      .map((label, i) => {
        const active = i === 0;
        const t =
          (active ? `<rect x="10" y="${y - 17}" width="190" height="26" rx="13" fill="#ede9fe"/>` : '') +
          `<text x="46" y="${y}"${active ? ' fill="#5b21b6" font-weight="600"' : ''}>${esc(label)}</text>`;
        y += 28;
        return t;
      })
      .join('\n');

    const tabs = ['General', 'License', 'Backup', 'Email', 'Single Sign-On'];
    let tx = 236;
    const tabItems = tabs
      .map((label) => {
        const active = label === 'License';
        const w = labelWidth(label) + 28;
        const t = active
          ? `<rect x="${tx}" y="120" width="${w}" height="28" rx="14" fill="#6d28d9"/>` +
            `<text x="${tx + w / 2}" y="139" text-anchor="middle" fill="#fff" font-weight="600">${label}</text>`
          : `<text x="${tx + w / 2}" y="139" text-anchor="middle">${label}</text>`;
        tx += w + 6;
        return t;
      })
      .join('\n');

    const rows = [
      ['License type', 'Subscription'],
      ['Controller IP', '10.0.0.10'],
      ['CoPilot version', '4.16.2'],
    ];
    const rowItems = rows
      .map(
        ([k, v], i) =>
          `<text x="264" y="${346 + i * 34}" fill="#64748b">${k}</text>` +
          `<text x="444" y="${346 + i * 34}" fill="#111827">${v}</text>`,
      )
      .join('\n');

    return min(`
  <svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="t d">
  <title id="t">Sample screenshot: the Customer ID on the License page of ${esc(product)} CoPilot</title>
  <desc id="d">The CoPilot UI with Settings, Configuration selected in the sidebar and the License tab open. The Customer ID field, showing the sample value ${SAMPLE_ID}, is highlighted.</desc>
  <rect width="${W}" height="${H}" fill="#f8fafc"/>
  <rect width="210" height="${H}" fill="#fff"/>
  <rect x="210" width="1" height="${H}" fill="#e5e7eb"/>
  <g transform="translate(20 18) scale(0.75)">${MARK}</g>
  <text x="52" y="35" font-family="${FONT}" font-size="16" font-weight="700" fill="#111827">${esc(product)} CoPilot</text>
  <g font-family="${FONT}" font-size="13" fill="#374151">
  ${navItems}
  <rect x="22" y="${settingsY - 12}" width="14" height="14" rx="7" fill="none" stroke="#6d28d9" stroke-width="1.5"/>
  <text x="46" y="${settingsY}" fill="#111827" font-weight="600">Settings</text>
  <path d="M182 ${settingsY - 8}l5 5 5-5" fill="none" stroke="#374151" stroke-width="1.6"/>
  ${subItems}
  </g>
  <rect x="211" width="${W - 211}" height="56" fill="#fff"/>
  <rect x="211" y="56" width="${W - 211}" height="1" fill="#e5e7eb"/>
  <g font-family="${FONT}" font-size="13" fill="#4b5563">
  <text x="236" y="34">Settings <tspan fill="#9ca3af">›</tspan> Configuration <tspan fill="#9ca3af">›</tspan> <tspan fill="#111827" font-weight="600">License</tspan></text>
  <rect x="700" y="16" width="180" height="26" rx="13" fill="#f3f4f6"/>
  <text x="716" y="34" fill="#9ca3af">Search CoPilot</text>
  <circle cx="910" cy="29" r="13" fill="#ede9fe"/>
  <text x="910" y="34" text-anchor="middle" fill="#5b21b6" font-size="12" font-weight="600">AD</text>
  <text x="236" y="100" font-size="20" font-weight="700" fill="#111827">Configuration</text>
  ${tabItems}
  <rect x="236" y="168" width="${W - 266}" height="${H - 196}" rx="10" fill="#fff" stroke="#e5e7eb"/>
  <text x="260" y="202" font-size="16" font-weight="700" fill="#111827">License</text>
  <text x="260" y="224" fill="#6b7280">CoPilot shows the Customer ID of the controller it is connected to.</text>
  <rect x="250" y="242" width="640" height="60" rx="8" fill="#fffbeb" stroke="#f59e0b" stroke-width="2.5"/>
  <text x="264" y="277" font-weight="600" fill="#92400e">Customer ID</text>
  <rect x="434" y="256" width="330" height="32" rx="6" fill="#fff" stroke="#d1d5db"/>
  <text x="446" y="277" font-family="${MONO}" font-size="14" fill="#111827">${SAMPLE_ID}</text>
  <rect x="776" y="256" width="100" height="32" rx="6" fill="#fff" stroke="#6d28d9"/>
  <text x="826" y="277" text-anchor="middle" fill="#6d28d9" font-weight="600">Copy</text>
  ${rowItems}
  <path d="M694 302l10 14 10-14z" fill="#f59e0b"/>
  <rect x="640" y="315" width="236" height="60" rx="8" fill="#f59e0b"/>
  <text x="656" y="340" fill="#111827" font-weight="700" font-size="14">Your Customer ID</text>
  <text x="656" y="360" fill="#111827">Same ID as in the controller.</text>
  </g>
  <g font-family="${FONT}">${watermark(585, 330)}</g>
  </svg>`);
  }

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
