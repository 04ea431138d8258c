import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// React Router publishes its browser code as a development build (warnings, invariants) and a
// production build that its export map does not expose: production builds use the latter.
const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const routerProduction = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];

/**
 * Stable vendor chunks shared by every route. Mantine and the icons are left to the bundler, which
 * splits them by use, so the login route only loads the components it renders.
 */
const vendorGroups: Array<{ name: string; test: RegExp }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: { alias: command === 'build' ? routerProduction : [] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
}));
