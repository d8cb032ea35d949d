import { describe, expect, it } from 'vitest';
import { restrictedImports } from './restricted-imports.js';

describe('feature boundaries (eslint no-restricted-imports)', () => {
  it.each([
    ["import { x } from '../../search/lib/results';", 'src/web/features/docs/components/a.tsx'],
    ["import { x } from '../auth/api/log-in';", 'src/web/features/home/a.ts'],
    ["import { x } from '../../../features/search/lib/results';", 'src/web/features/docs/components/a.tsx'],
  ])('refuses %s in %s', async (code, filePath) => {
    const messages = await restrictedImports(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('A feature may not import another feature');
  });

  it.each([
    ["import { x } from '../lib/docs-params';", 'src/web/features/docs/components/a.tsx'],
    ["import { x } from '../../../components/highlighted';", 'src/web/features/docs/components/a.tsx'],
    ["import { x } from '../../../lib/session/use-session';", 'src/web/features/auth/components/a.tsx'],
    ["import { x } from '../features/search/lib/results';", 'src/web/routes/a.tsx'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImports(code, filePath)).toEqual([]);
  });
});
