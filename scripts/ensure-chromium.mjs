// Finds a Chromium for the browser tests. Playwright's own browser download cannot work on machines
// without internet, so we use the distribution's package: when none is found and we are root on Debian,
// `apt-get install chromium-headless-shell`; otherwise say exactly what to install.
//
// The tests prefer Chromium's old headless mode, Debian's `chromium-headless-shell`: the browser Playwright
// itself runs headless. The full browser's headless mode is the whole of Chrome without a window; here it
// loaded the home page in 1.0-1.4 s against 0.6-0.7 s, and ran a spec of 16 tests in 143 s against 91 s.
// Lighthouse (bench/pages) measures in the full browser, as a visitor has it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGE = 'chromium-headless-shell';
const candidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

function found() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return candidates.find((path) => existsSync(path));
}

export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`\n▶ Chromium not found: installing Debian package ${PACKAGE}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', PACKAGE], { stdio: 'inherit', env });
    const installed = found();
    if (installed) return installed;
  }
  console.error(
    `\n✖ No Chromium found. Install it with \`sudo apt-get install ${PACKAGE}\` (Debian/Ubuntu), ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
