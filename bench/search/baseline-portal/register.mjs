// `node --import tsx --import ./bench/search/baseline-portal/register.mjs src/server/main.ts`: the portal with
// the baseline statements (fulltext-search.ts here). Registered after tsx, so tsx has resolved `.js` to `.ts`
// by the time hooks.mjs sees a URL.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
