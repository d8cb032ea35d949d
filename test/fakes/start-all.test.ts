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
  } finally {
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    await rm(extra, { recursive: true, force: true });
  }
});
