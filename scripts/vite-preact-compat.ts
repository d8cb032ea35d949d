import type { Plugin } from 'vite';

/**
 * The browser bundle runs on Preact's React compatibility layer instead of React DOM (about 55 KB gzipped less
 * on every page); the server render stays on React, whose HTML Preact hydrates. Aliasing as in
 * https://preactjs.com/guide/v10/getting-started ("Aliasing React to Preact"); `preact/compat/client` and
 * `preact/compat/jsx-runtime` are entry points of preact 11's package exports. Each pattern is anchored, so
 * `react-router` and the like are left alone.
 */
const COMPAT_ID = '\0react-on-preact';

/**
 * What `import … from 'react'` gets: the layer, plus React 19.2's `Activity`, which Mantine imports
 * (Transition, Collapse, Tabs, Stepper, Tree) and the layer does not have. Mantine renders `Activity` only for
 * content kept mounted while hidden (`keepMounted`, which no component of the portal sets). React hides such
 * content and keeps its state; here hidden content is not rendered, so it renders anew when shown.
 */
const COMPAT_SOURCE = `
export * from 'preact/compat';
export { default } from 'preact/compat';
export function Activity(props) {
  return props.mode === 'hidden' ? null : (props.children ?? null);
}
`;

export function preactCompat(): Plugin {
  return {
    name: 'react-on-preact',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        ],
      },
    }),
    resolveId: (source) => (source === 'react' ? COMPAT_ID : null),
    load: (id) => (id === COMPAT_ID ? COMPAT_SOURCE : null),
  };
}
