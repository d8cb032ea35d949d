import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FIXTURE_CONTENT_DIR } from './test-app.js';

const run = promisify(execFile);

/** A copy of the fixture content that a test may edit (the content loader reads it again). */
export async function copyFixtureContent(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-content-'));
  await cp(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The Markdown file of the knowledge-base article titled `title` in the content folder `dir`. */
export async function articleFile(dir: string, title: string): Promise<string> {
  const { stdout } = await run('grep', ['-rlF', title, path.join(dir, 'kb')]);
  const file = stdout.split('\n')[0];
  if (!file) throw new Error(`no article titled ${title}`);
  return file;
}
