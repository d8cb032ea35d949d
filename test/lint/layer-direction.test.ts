import { describe, expect, it } from 'vitest';
import { restrictedImports } from './restricted-imports.js';

/** The web's layers point down: shared (components, lib) -> features -> app and routes. */
describe('web layer direction (eslint no-restricted-imports)', () => {
  it.each([
    ["import { x } from '../features/search/lib/results';", 'src/web/lib/a.ts'],
    ["import { x } from '../../features/notices/api/get-notices';", 'src/web/lib/session/a.ts'],
    ["import { x } from '../app/shell/site-header';", 'src/web/components/a.tsx'],
    ["import { x } from '../../app/theme';", 'src/web/lib/session/a.tsx'],
    ["import { x } from '../routes/home';", 'src/web/lib/a.ts'],
  ])('refuses %s in shared %s', async (code, filePath) => {
    const messages = await restrictedImports(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Shared code (src/web/components, lib) may not import');
  });

  it.each([
    ["import { x } from '../../../app/shell/use-navigation';", 'src/web/features/auth/components/a.tsx'],
    ["import { x } from '../../app/theme';", 'src/web/features/home/a.ts'],
    ["import { x } from '../../../routes/home';", 'src/web/features/docs/components/a.tsx'],
  ])('refuses %s in feature %s', async (code, filePath) => {
    const messages = await restrictedImports(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('A feature may not import app/ or a route');
  });

  it('still refuses one feature importing another', async () => {
    const messages = await restrictedImports(
      "import { x } from '../../search/lib/results';",
      'src/web/features/docs/components/a.tsx',
    );
    expect(messages).toEqual([expect.stringContaining('A feature may not import another feature')]);
  });

  it.each([
    ["import { x } from './session/use-session';", 'src/web/lib/a.ts'],
    ["import { x } from '../../components/page';", 'src/web/lib/session/a.tsx'],
    ["import { x } from '../lib/app-listening';", 'src/web/components/a.tsx'],
    ["import { x } from '../../../lib/session/use-can';", 'src/web/features/notices/components/a.tsx'],
    ["import { x } from '../../../components/page';", 'src/web/features/notices/components/a.tsx'],
    ["import { x } from '../features/search/lib/results';", 'src/web/routes/a.tsx'],
    ["import { x } from '../../features/notices/components/notice-bell';", 'src/web/app/shell/a.tsx'],
    ["import { x } from '../../lib/session/use-session';", 'src/web/app/shell/a.tsx'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await restrictedImports(code, filePath)).toEqual([]);
  });
});
