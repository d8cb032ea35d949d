import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { instructions, readRuntimeStage } from './dockerfile.js';

/** The Dockerfile reader of the image test reads what Docker reads. */
describe('the Dockerfile reader', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-dockerfile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runtimeOf(text: string) {
    const file = path.join(dir, 'Dockerfile');
    writeFileSync(file, text);
    return readRuntimeStage(file);
  }

  it('joins continued lines and drops comment lines, also inside one', () => {
    expect(instructions('RUN a \\\n# a comment\n  && b\n\nCMD ["x"]\n')).toEqual([
      { keyword: 'RUN', args: 'a    && b' },
      { keyword: 'CMD', args: '["x"]' },
    ]);
  });

  it('reads the last stage: ENV (both forms, quotes, references), WORKDIR, USER, VOLUME, EXPOSE, COPY', () => {
    const stage = runtimeOf(
      [
        'FROM node:24 AS build',
        'WORKDIR /src',
        'ENV IGNORED=1',
        'FROM node:24-slim AS runtime',
        'ENV A=1 B="two words" \\',
        '    C=$A/x',
        'ENV OLD value with spaces',
        'WORKDIR /app',
        'WORKDIR sub',
        'COPY --from=build /src/dist ./dist',
        'COPY --chown=node --from=build /src/a /src/b ./scripts/',
        'VOLUME ["/data"]',
        'EXPOSE 3000 9229/tcp',
        'USER node',
      ].join('\n'),
    );
    expect(stage.base).toBe('node:24-slim');
    expect(stage.env).toEqual({ A: '1', B: 'two words', C: '1/x', OLD: 'value with spaces' });
    expect(stage.workdir).toBe('/app/sub');
    expect(stage.stageWorkdirs).toEqual({ build: '/src', runtime: '/app/sub' });
    expect(stage.copies).toEqual([
      { from: 'build', sources: ['/src/dist'], destination: './dist' },
      { from: 'build', sources: ['/src/a', '/src/b'], destination: './scripts/' },
    ]);
    expect(stage.volumes).toEqual(['/data']);
    expect(stage.exposed).toEqual([3000, 9229]);
    expect(stage.user).toBe('node');
  });

  it('joins ENTRYPOINT and CMD as Docker does; a shell form runs through /bin/sh -c', () => {
    expect(runtimeOf('FROM x\nENTRYPOINT ["tini", "--"]\nCMD ["sh", "start.sh"]\n').command).toEqual([
      'tini',
      '--',
      'sh',
      'start.sh',
    ]);
    expect(runtimeOf('FROM x\nCMD node main.js\n').command).toEqual(['/bin/sh', '-c', 'node main.js']);
    // A later ENTRYPOINT drops the CMD before it.
    expect(runtimeOf('FROM x\nCMD ["a"]\nENTRYPOINT ["b"]\n').command).toEqual(['b']);
    const check = runtimeOf('FROM x\nHEALTHCHECK --interval=5s \\\n  CMD curl -f http://x/ || exit 1\n');
    expect(check.healthcheck).toEqual(['/bin/sh', '-c', 'curl -f http://x/ || exit 1']);
  });
});
