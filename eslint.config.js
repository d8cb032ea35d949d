import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The web's layers, bottom to top: shared code (components/, lib/: the session, the API client, helpers),
// then features/<x>/, then app/ and routes/, which compose features into pages. An import may only point down
// (or sideways within one feature): shared code imports no feature, no app/ and no route; a feature imports no
// app/, no route and no other feature. ESLint merges no rule options across blocks, so each block below states
// every pattern of its files: one block for shared code, one per feature (the rule cannot name "the other
// features").
/** An import spec that reaches one of `layers` (folders of src/web, joined by |), relative or by path. */
const upward = (layers) => `^(\\./)?(\\.\\./)*(${layers})(/|$)|(^|/)web/(${layers})/`;
const sharedLayers = {
  files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: upward('features|app|routes'),
            message:
              'Shared code (src/web/components, lib) may not import a feature, app/ or a route: layers point down (shared -> features -> app, routes). Move what both need into components or lib.',
          },
        ],
      },
    ],
  },
};
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.map((feature) => {
  const others = features.filter((name) => name !== feature).join('|');
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)features/(${others})(/|$)|^(\\.\\./)+(${others})(/|$)`,
              message: `A feature may not import another feature (${feature}): move the shared piece to src/web/components or lib, or compose the two in a route.`,
            },
            {
              regex: upward('app|routes'),
              message: `A feature may not import app/ or a route (${feature}): layers point down (shared -> features -> app, routes). Move what both need into src/web/components or lib.`,
            },
          ],
        },
      ],
    },
  };
});

// The server's layers import downwards only: routes call services (through the area plugins' decorations) and
// presenters, never the other way round. Only app.ts (the table of contents) and routes/ itself import routes/;
// the server render, services, presenters and everything below them may not.
const serverLayersBelowRoutes = [
  'ssr',
  'services',
  'presenters',
  'plugins',
  'lib',
  'db',
  'connectors',
  'policies',
  'mail',
  'config',
];
const routesBelow = {
  regex: '^(\\.\\./)+routes/|(^|/)src/server/routes/',
  message:
    'Only app.ts and routes/ import routes/: move what both need into services/<area> (its plugin decorates the app) or presenters/.',
};
// The connector boundary: outside src/server/connectors/ nothing knows which implementation runs, so nothing
// there imports a built-in connector's code or tables (`connectors/<kind>/builtin/`, the built-ins' shared
// OAuth server). Code outside goes through `app.connectors` and the kinds' `types.ts`.
const builtinConnectors = {
  regex: '(^|/)connectors/([^/]+/)?builtin(-[a-z]+)?(/|$)',
  message:
    "Outside src/server/connectors/ nothing imports a built-in connector's module or table: use the kind's interface (connectors/<kind>/types.ts) through app.connectors, or add what you need to it.",
};
const serverLayers = {
  files: serverLayersBelowRoutes
    .filter((layer) => layer !== 'connectors')
    .map((layer) => `src/server/${layer}/**/*.{ts,tsx}`),
  rules: { 'no-restricted-imports': ['error', { patterns: [routesBelow, builtinConnectors] }] },
};
const connectorLayer = {
  files: ['src/server/connectors/**/*.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [routesBelow] }] },
};
const serverTop = {
  files: ['src/server/*.{ts,tsx}', 'src/server/routes/**/*.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [builtinConnectors] }] },
};

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench/results', 'public'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  sharedLayers,
  ...featureBoundaries,
  serverLayers,
  connectorLayer,
  serverTop,
);
