import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';

interface Started {
  s3: {
    url: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    objects: number;
  };
  forumbee: { url: string; apiKey: string };
  gitbook: { url: string; token: string; organizationId: string; siteId: string; siteUrl: string };
  zendesk: { url: string; clientId: string; clientSecret: string; locale: string };
  jira: {
    authUrl: string;
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    siteUrl: string;
    jqlScope: string;
  };
  entra?: { issuer: string; clientId: string; clientSecret: string };
}

it('starts the fakes in one process with the demo download files in S3, and stops on SIGTERM', async () => {
  const extra = await mkdtemp(path.join(tmpdir(), 'fakes-preload-'));
  await writeFile(path.join(extra, 'notes.txt'), 'release notes');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/fakes/start-all.ts',
      '--s3-port',
      '0',
      '--forumbee-port',
      '0',
      '--gitbook-port',
      '0',
      '--zendesk-port',
      '0',
      '--jira-port',
      '0',
      '--jira-api-port',
      '0',
      '--zendesk-redirect-uri',
      'http://127.0.0.1:9/zendeskAuth',
      '--entra-port',
      '0',
      '--entra-redirect-uri',
      'http://127.0.0.1:9/login/callback',
      '--s3-downloads',
      '--s3-preload',
      `${extra}=extra/`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const started = JSON.parse(line) as Started;
    expect(started.s3.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const sites = await fetch(
      `${started.gitbook.url}/v1/orgs/${started.gitbook.organizationId}/sites/${started.gitbook.siteId}/site-spaces`,
      { headers: { authorization: `Bearer ${started.gitbook.token}` } },
    );
    expect(sites.status).toBe(200);
    const zendeskReady = await fetch(`${started.zendesk.url}/__fake/ready`);
    expect(zendeskReady.status).toBe(200);
    expect(started.zendesk.clientId).not.toBe('');
    const jiraReady = await Promise.all(
      [started.jira.authUrl, started.jira.apiUrl].map((url) => fetch(`${url}/__fake/ready`)),
    );
    expect(jiraReady.map((res) => res.status)).toEqual([200, 200]);
    expect(started.jira).toMatchObject({
      siteUrl: 'https://acme.atlassian.net',
      jqlScope: 'project in (NET, EDGE)',
    });
    const refreshCalls = await fetch(`${started.jira.authUrl}/__fake/refresh-calls`);
    expect(await refreshCalls.json()).toEqual({ count: 0 });
    expect((await fetch(`${started.jira.apiUrl}/__fake/revoke`, { method: 'POST' })).status).toBe(204);
    // The redirect URL given on the command line is the client's: the authorization page answers it.
    const authorize = new URL(`${started.zendesk.url}/oauth/authorizations/new`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: started.zendesk.clientId,
      redirect_uri: 'http://127.0.0.1:9/zendeskAuth',
      scope: 'read',
      state: 's',
    }))
      authorize.searchParams.set(name, value);
    expect((await fetch(authorize)).status).toBe(200);
    authorize.searchParams.set('redirect_uri', 'http://127.0.0.1:9/elsewhere');
    expect((await fetch(authorize)).status).toBe(400);
    const users = (await (await fetch(`${started.zendesk.url}/__fake/users`)).json()) as {
      users: { email: string }[];
    };
    expect(users.users.map((user) => user.email)).toContain('agent@acme.example');
    const discovery = await fetch(
      `${started.entra?.issuer ?? 'http://127.0.0.1:9'}/.well-known/openid-configuration`,
    );
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(started.entra?.issuer);
    expect(started.entra?.clientId).not.toBe('');
    const s3 = new S3Client({
      endpoint: started.s3.url,
      forcePathStyle: true,
      region: started.s3.region,
      credentials: { accessKeyId: started.s3.accessKeyId, secretAccessKey: started.s3.secretAccessKey },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: started.s3.bucket }));
    const keys = (listed.Contents ?? []).map((entry) => entry.Key ?? '');
    expect(keys).toContain('extra/notes.txt');
    const image = keys.find((key) => key.startsWith('downloads/images/'));
    expect(image).toBeDefined();
    const name = path.posix.basename(image ?? '');
    const read = async (key: string) =>
      Buffer.from(
        (await (
          await s3.send(new GetObjectCommand({ Bucket: started.s3.bucket, Key: key }))
        ).Body?.transformToByteArray()) ?? [],
      );
    const sidecar = (await read(`downloads/checksums/${name}.sha256`)).toString('utf8');
    const digest = createHash('sha256')
      .update(await read(image ?? ''))
      .digest('hex');
    expect(sidecar).toBe(`${digest}  ${name}\n`);
    s3.destroy();
    const posts = await fetch(`${started.forumbee.url}/api/2/posts?limit=1`, {
      headers: { authorization: `Bearer ${started.forumbee.apiKey}` },
    });
    expect(posts.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    await rm(extra, { recursive: true, force: true });
  }
});
