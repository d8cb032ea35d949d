/**
 * Every vendor fake in one process, for the vendor profile of the browser tests (a Playwright `webServer`):
 * today the S3 fake. Prints one JSON line with what the portal needs to reach each fake, then serves until
 * SIGTERM or SIGINT, and stops them all.
 *
 *   node --import tsx test/fakes/start-all.ts [options]
 *     --s3-port <n>            the S3 fake's port (default fakePorts.s3 of ports.ts, FAKES_PORT + 0; 0 = any free port)
 *     --s3-bucket <name>       its bucket (default S3_FAKE_BUCKET)
 *     --s3-downloads           put the demo's download files in, as a release process would: every image of the
 *                              config's `downloads` with its `.sha256` sidecar, and the Postman collections
 *     --config <file>          the portal config to read the downloads from (default config/portal.yaml)
 *     --downloads-dir <dir>    take the download files found there instead of the generated stand-ins
 *     --s3-preload <dir>[=<prefix>]   upload every file under <dir> as <prefix><relative path> (repeatable)
 *
 * Output, one line:
 *   {"s3":{"url":"http://127.0.0.1:4320","bucket":"support-portal","region":"us-east-1",
 *          "accessKeyId":"…","secretAccessKey":"…","objects":12}}
 * The access key is the fake's own (test only): give it to the portal as AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, with S3_ENDPOINT=url and S3_FORCE_PATH_STYLE=true. `GET <url>/__fake/ready` answers 200
 * once it listens; the other `/__fake/` routes (harness.ts) move its clock, read its log and inject failures.
 */
import { parseArgs } from 'node:util';
import type { FakeServer } from './harness';
import { fakePorts, S3_FAKE_BUCKET } from './ports';
import { startS3Fake } from './s3/index';
import { preloadDirectory, preloadDownloads } from './s3/preload';

const { values } = parseArgs({
  options: {
    's3-port': { type: 'string' },
    's3-bucket': { type: 'string' },
    's3-downloads': { type: 'boolean', default: false },
    config: { type: 'string', default: 'config/portal.yaml' },
    'downloads-dir': { type: 'string' },
    's3-preload': { type: 'string', multiple: true, default: [] },
  },
  strict: true,
});

const bucket = values['s3-bucket'] ?? S3_FAKE_BUCKET;
const s3 = await startS3Fake({ port: Number(values['s3-port'] ?? fakePorts.s3), buckets: [bucket] });
const running: FakeServer[] = [s3];

if (values['s3-downloads']) {
  await preloadDownloads(s3, {
    configFile: values.config,
    ...(values['downloads-dir'] ? { directory: values['downloads-dir'] } : {}),
  });
}
for (const spec of values['s3-preload']) {
  const equals = spec.indexOf('=');
  await preloadDirectory(
    s3,
    equals === -1 ? spec : spec.slice(0, equals),
    equals === -1 ? '' : spec.slice(equals + 1),
  );
}

process.stdout.write(
  `${JSON.stringify({
    s3: {
      url: s3.endpoint,
      bucket,
      region: s3.region,
      accessKeyId: s3.credentials.accessKeyId,
      secretAccessKey: s3.credentials.secretAccessKey,
      objects: s3.keys().length,
    },
  })}\n`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  Promise.all(running.map((fake) => fake.stop())).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
