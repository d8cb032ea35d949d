import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss, themeVariablesFile } from './theme-variables';

describe('theme-variables.css', () => {
  it('holds the variables MantineProvider would render inline (run `npm run theme:css` after a theme change)', () => {
    const committed = readFileSync(new URL('./theme-variables.css', import.meta.url), 'utf8');
    expect(committed).toBe(themeVariablesFile());
    // The portal's own tokens and the brand colour are in it, not only Mantine's defaults.
    expect(themeVariablesCss()).toContain('--portal-color-navy-950:');
    expect(themeVariablesCss()).toContain('--mantine-color-brand-7:');
  });
});
