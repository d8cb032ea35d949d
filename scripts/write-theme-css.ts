// `npm run theme:css`: writes src/web/styles/theme-variables.css from the theme (see theme-variables.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { themeVariablesFile } from '../src/web/styles/theme-variables';

const file = fileURLToPath(new URL('../src/web/styles/theme-variables.css', import.meta.url));
writeFileSync(file, themeVariablesFile());
console.log(`theme:css: ${file}`);
