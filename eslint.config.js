import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// One feature may not import another (src/web/features/<x>/): shared pieces live in app/, components/ or
// lib/, and routes compose features. One block per feature, since the rule cannot name "the other ones".
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
              message: `A feature may not import another feature (${feature}): move the shared piece to src/web/components, lib or app, or compose the two in a route.`,
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
const serverLayers = {
  files: serverLayersBelowRoutes.map((layer) => `src/server/${layer}/**/*.{ts,tsx}`),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+routes/|(^|/)src/server/routes/',
            message:
              'Only app.ts and routes/ import routes/: move what both need into services/<area> (its plugin decorates the app) or presenters/.',
          },
        ],
      },
    ],
  },
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
  ...featureBoundaries,
  serverLayers,
);
