import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ConfigError, loadConfig } from './load-config.js';

const shippedConfig = path.resolve('config/portal.yaml');

describe('loadConfig', () => {
  let dir: string;
  let shipped: Record<string, unknown>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-config-'));
    shipped = parse(await readFile(shippedConfig, 'utf8')) as Record<string, unknown>;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Writes a variant of the shipped config and returns the error loading it raises. Each change sets the
   * value at a path (`undefined` deletes the key).
   */
  async function problemsOf(
    name: string,
    changes: Array<[path: string, value: unknown]>,
  ): Promise<ConfigError> {
    const config = structuredClone(shipped);
    for (const [dotted, value] of changes) {
      const keys = dotted.split('.');
      const last = keys.pop() ?? '';
      let node: unknown = config;
      for (const key of keys) node = (node as Record<string, unknown>)[key];
      if (value === undefined) Reflect.deleteProperty(node as object, last);
      else (node as Record<string, unknown>)[last] = value;
    }
    const file = path.join(dir, name);
    await writeFile(file, stringify(config));
    const error = await loadConfig(file).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(error)}`);
    return error;
  }

  it('accepts the shipped config/portal.yaml', async () => {
    const config = await loadConfig(shippedConfig);
    expect(config.product.name).toBe('Acme');
    expect(config.links.trust).toBe('https://trust.acme.example');
  });

  it('names a missing field by its dotted path, prefixed with the file', async () => {
    const error = await problemsOf('missing.yaml', [['support.phone', undefined]]);
    const file = path.join(dir, 'missing.yaml');
    expect(error.problems).toEqual([
      `${file}: support.phone: Invalid input: expected string, received undefined`,
    ]);
    expect(error.message).toContain('support.phone');
  });

  it('names a field of the wrong type', async () => {
    const error = await problemsOf('wrong-type.yaml', [['support.phone', 5550100]]);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(
      /wrong-type\.yaml: support\.phone: Invalid input: expected string, received number$/,
    );
  });

  it('reports every bad field, with array indexes in the path', async () => {
    const error = await problemsOf('several.yaml', [
      ['links.trust', 'not a url'],
      ['menus.support.2.href', 'javascript:alert(1)'],
    ]);
    const paths = error.problems.map((p) => p.split(': ')[1]);
    expect(paths).toEqual(expect.arrayContaining(['links.trust', 'menus.support.2.href']));
    expect(error.problems).toHaveLength(2);
  });

  it('reports a missing file and a YAML syntax error with the file name', async () => {
    await expect(loadConfig(path.join(dir, 'absent.yaml'))).rejects.toThrow(/absent\.yaml: file not found/);
    const broken = path.join(dir, 'broken.yaml');
    await writeFile(broken, 'product: [unclosed\n');
    await expect(loadConfig(broken)).rejects.toThrow(/broken\.yaml: YAML syntax/);
  });
});
