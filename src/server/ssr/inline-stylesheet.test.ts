import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-stylesheet.js';

describe('inlineStylesheets', () => {
  let client: string;
  beforeAll(async () => {
    client = await mkdtemp(path.join(tmpdir(), 'inline-css-'));
    await mkdir(path.join(client, 'assets'));
    await writeFile(path.join(client, 'assets', 'style-1.css'), 'a{color:red}');
    await writeFile(path.join(client, 'assets', 'odd-2.css'), 'a::after{content:"</style><script>"}');
  });
  afterAll(() => rm(client, { recursive: true, force: true }));

  it('replaces a linked stylesheet by its text, and leaves the rest of the template alone', async () => {
    const template =
      '<head><script type="module" src="/assets/a.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>';
    await expect(inlineStylesheets(template, client)).resolves.toBe(
      '<head><script type="module" src="/assets/a.js"></script><style>a{color:red}</style></head>',
    );
  });

  it('keeps the link of a stylesheet that would close the element early', async () => {
    const template = '<link rel="stylesheet" crossorigin href="/assets/odd-2.css">';
    await expect(inlineStylesheets(template, client)).resolves.toBe(template);
  });

  it('fails loudly when the build lacks the file it links (a broken build must not serve unstyled pages)', async () => {
    await expect(
      inlineStylesheets('<link rel="stylesheet" crossorigin href="/assets/gone.css">', client),
    ).rejects.toThrow(/gone\.css/);
  });
});
