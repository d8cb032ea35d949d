import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The real start (`src/server/main.ts`) in production without PUBLIC_URL stops before it opens anything, and
 * says which variable to set: mail links would otherwise come from whatever Host a request sent.
 */

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop within 20 s:\n${output}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start', () => {
  it('stops with a message naming PUBLIC_URL when it is missing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
    try {
      const { code, output } = await start({
        NODE_ENV: 'production',
        CHAT_JWT_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir,
        PORT: '0',
      });
      expect(code).toBe(1);
      expect(output).toMatch(/PUBLIC_URL: required when NODE_ENV=production/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
