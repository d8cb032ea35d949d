/**
 * The benches' own accounts: made in the database before a portal of the build starts (production refuses the
 * demo accounts), by bench/capacity/prepare-agent.ts in a process of its own, then signed in over HTTP.
 */
import { execFileSync } from 'node:child_process';
import { root } from './start-portal.mjs';

export interface BenchAccount {
  email: string;
  password: string;
}

/**
 * A `prepare` step for startPortal: makes an agent (or an admin) with a random password in the database the
 * portal will open, at `email` when given.
 */
export function prepareAccount(role: 'agent' | 'admin' = 'agent', email?: string) {
  return (portalEnv: Record<string, string>): BenchAccount => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/capacity/prepare-agent.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...portalEnv,
        LOG_LEVEL: 'warn',
        BENCH_ROLE: role,
        ...(email ? { BENCH_AGENT_EMAIL: email } : {}),
      },
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as BenchAccount;
  };
}

/** Signs `account` in through `POST /api/zendesk/authenticate`; answers the Cookie header to send. */
export async function signIn(baseUrl: string, account: BenchAccount): Promise<string> {
  const res = await fetch(`${baseUrl}/api/zendesk/authenticate`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ user: account.email, pass: account.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
