import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { type Landings, routePreload } from './build/route-preload';

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

/**
 * The first screen of each landing page, fetched from the start (build/route-preload.ts). The root
 * route's error screen is part of every first load. A screen not listed here still gets its area.
 */
const ERROR_PAGE = 'src/features/common/RouteErrorPage.tsx';
const LOGIN = [ERROR_PAGE, 'src/features/auth/LoginPage.tsx'];
const INTRANET = [ERROR_PAGE, 'src/app/intranet/IntranetShell.tsx'];
const EXTRANET = [ERROR_PAGE, 'src/app/extranet/ExtranetShell.tsx'];
const INTRANET_TABLE = [...INTRANET, 'src/app/intranet/routes.tsx'];
const EXTRANET_TABLE = [...EXTRANET, 'src/app/extranet/routes.tsx'];
const landings: Landings = {
  '/intranet/login': LOGIN,
  '/extranet/login': LOGIN,
  '/intranet': [...INTRANET, 'src/features/intranet/home/HomePage.tsx'],
  '/intranet/': INTRANET_TABLE,
  '/extranet': [...EXTRANET, 'src/features/extranet/home/ExtranetHomePage.tsx'],
  '/extranet/': EXTRANET_TABLE,
  '/extranet/contract/': [...EXTRANET_TABLE, 'src/features/extranet/contract/ContractPage.tsx'],
  '/extranet/payment-return': [...EXTRANET_TABLE, 'src/features/extranet/payment/PaymentReturnPage.tsx'],
};

export default defineConfig(({ command }) => ({
  plugins: [react(), routePreload(landings), precompress()],
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
    // Every browser the platform supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
}));
