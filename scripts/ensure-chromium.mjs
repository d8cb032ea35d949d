// Finds a Chromium for the browser tests and benchmarks. Playwright's own browser download cannot
// work on machines without internet, so we use the distribution's package: when none is found and
// we are root on Debian, `apt-get install chromium`; otherwise say exactly what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function found() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return candidates.find((path) => existsSync(path));
}

export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('\n▶ Chromium not found: installing Debian package chromium');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = found();
    if (installed) return installed;
  }
  console.error(
    '\n✖ No Chromium found. Install it with `sudo apt-get install chromium` (Debian/Ubuntu), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
