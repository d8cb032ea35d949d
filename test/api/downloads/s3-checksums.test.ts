import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../../src/server/connectors/storage/s3/client.js';
import { createS3Storage } from '../../../src/server/connectors/storage/s3/storage.js';
import type { StorageConnector } from '../../../src/server/connectors/storage/types.js';
import { buildCatalogue } from '../../../src/server/services/downloads/catalogue.js';
import { checksumFromText } from '../../../src/server/services/downloads/checksum-file.js';
import { listImageFiles } from '../../../src/server/services/downloads/downloads.js';
import { syncDownloadFiles } from '../../../src/server/services/downloads/sync-download-files.js';
import { startS3Fake, type S3Fake } from '../../fakes/s3/index.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const catalogue = buildCatalogue({
  installerVersion: '2023.39.8',
  controllerReleases: ['8.1'],
  olderReleases: [],
  images: [
    { platform: 'kvm', file: 'edge-kvm.qcow2', releases: ['8.1'] },
    { platform: 'esxi', file: 'edge-esxi.ova', releases: ['8.1'] },
    { platform: 'hardware', file: 'edge-hw.img', releases: ['8.1'] },
  ],
  collections: [],
});

describe('downloads from an S3 bucket the release process filled', () => {
  let s3: S3Fake;
  let client: S3Client;
  let storage: StorageConnector;
  beforeAll(async () => {
    s3 = await startS3Fake({ buckets: ['releases'] });
    const settings = { bucket: 'releases', region: s3.region, endpoint: s3.endpoint };
    client = createS3Client(settings, { credentials: s3.credentials });
    storage = createS3Storage({ client, settings });
    // As the release process uploads them: no x-amz-meta-sha256, a sidecar in sha256sum format beside each.
    s3.putObject('downloads/images/edge-kvm.qcow2', 'kvm image', { bucket: 'releases' });
    s3.putObject('downloads/checksums/edge-kvm.qcow2.sha256', `${sha256('kvm image')}  edge-kvm.qcow2\n`, {
      bucket: 'releases',
    });
    // A sidecar that states no hash for its image, and an image without one.
    s3.putObject('downloads/images/edge-esxi.ova', 'esxi image', { bucket: 'releases' });
    s3.putObject('downloads/checksums/edge-esxi.ova.sha256', 'not a checksum\n', { bucket: 'releases' });
    s3.putObject('downloads/images/edge-hw.img', 'hw image', { bucket: 'releases' });
  });
  afterAll(async () => {
    client.destroy();
    await s3.stop();
  });

  it("shows each image's SHA-256 from its checksum file, or none", async () => {
    const images = await listImageFiles({ storage, catalogue });
    expect(images.map(({ fileName, size, sha256: hash }) => ({ fileName, size, sha256: hash }))).toEqual([
      { fileName: 'edge-kvm.qcow2', size: 9, sha256: sha256('kvm image') },
      { fileName: 'edge-esxi.ova', size: 10, sha256: null },
      { fileName: 'edge-hw.img', size: 8, sha256: null },
    ]);
  });

  it('does not copy the download folder into the bucket', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'portal-downloads-'));
    try {
      const before = s3.keys('releases');
      const synced = await syncDownloadFiles({ storage, catalogue, directory, generateMissing: true });
      expect(synced).toEqual({ stored: 0, missing: [] });
      expect(s3.keys('releases')).toEqual(before);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('checksumFromText', () => {
  const hash = 'A'.repeat(64);
  it("reads sha256sum's text and binary lines for the named file", () => {
    expect(checksumFromText(`${hash}  edge.img\n`, 'edge.img')).toBe('a'.repeat(64));
    expect(checksumFromText(`${'b'.repeat(64)}  other.img\n${hash} *edge.img\n`, 'edge.img')).toBe(
      'a'.repeat(64),
    );
  });
  it('answers null for another file, a short hash or no line', () => {
    expect(checksumFromText(`${hash}  other.img\n`, 'edge.img')).toBeNull();
    expect(checksumFromText(`${'a'.repeat(63)}  edge.img\n`, 'edge.img')).toBeNull();
    expect(checksumFromText('', 'edge.img')).toBeNull();
  });
});
