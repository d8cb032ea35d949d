/**
 * Where `start-all.ts` runs the vendor fakes for the browser tests' vendor profile: fixed ports from
 * FAKES_PORT (default 4320), one per vendor, so the Playwright config can point the portal at them before they
 * start. Each vendor's fake takes the next port.
 */
const base = Number(process.env.FAKES_PORT ?? 4320);

export const fakePorts = {
  s3: base,
} as const;

export const fakeUrls = {
  s3: `http://127.0.0.1:${fakePorts.s3}`,
} as const;

/** The bucket the S3 fake holds in the vendor profile (the portal's `S3_BUCKET`). */
export const S3_FAKE_BUCKET = 'support-portal';
