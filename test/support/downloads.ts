import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../../src/server/app.js';
import { syncDownloadFiles } from '../../src/server/services/downloads/sync-download-files.js';

/** The demo download files, generated into a folder of the test's own and brought into the app's store. */
export async function syncDemoDownloads(app: App): Promise<void> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-downloads-'));
  try {
    await syncDownloadFiles({
      storage: app.connectors.storage,
      catalogue: app.downloads.catalogue,
      directory,
      generateMissing: true,
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A non-US request for `fileName` with every address field filled in, then `overrides`. */
export function nonUsRequest(fileName: string, overrides: Record<string, unknown> = {}) {
  return {
    user: 'Test User',
    email: 'test@example.com',
    fileType: 'Image',
    fileName,
    deploymentCountry: 'Germany',
    deploymentAddress1: 'Hauptstrasse 1',
    deploymentAddress2: 'Floor 3',
    deployementState: 'Berlin',
    companyCountry: 'France',
    companyAddress1: '1 Rue de Rivoli',
    companyAddress2: '',
    companyState: 'Paris',
    ...overrides,
  };
}
