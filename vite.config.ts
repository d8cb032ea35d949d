import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preactCompat } from './scripts/vite-preact-compat';

// Client build: `vite build` -> dist/client (index.html is the template the server fills per request), on
// Preact's React compatibility layer (scripts/vite-preact-compat.ts).
// SSR build: `vite build --ssr src/web/entry-server.tsx --outDir dist/server`, on React.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), preactCompat()],
  build: {
    outDir: 'dist/client',
    // One stylesheet, linked from index.html: the server-rendered HTML of every route must paint styled before
    // any JavaScript runs, and per-route CSS chunks would only be attached once their lazy route loads.
    cssCodeSplit: false,
    // dist/client/.vite/manifest.json: the server reads it to preload the chunk of the page it renders
    // (src/server/ssr/module-preloads.ts).
    manifest: !isSsrBuild,
  },
}));
