import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { areaScreens } from './build/area-screens';
import { bootScript } from './build/boot-script';
import { type KitLandings, kitGroups, noChunkCycles } from './build/chunk-groups';
import { mantineStyles } from './build/mantine-styles';
import { precompress } from './build/precompress';
import { type Landings, routePreload } from './build/route-preload';
import { themeVariables } from './build/theme-variables';

// React Router publishes its browser code as a development build (warnings, invariants) and a
// production build that its export map does not expose: production builds use the latter.
const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const routerProduction = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];

/**
 * Stable vendor chunks shared by every route. Mantine, the icons and the app's shared code are
 * grouped by the landing screens that load them (build/chunk-groups.ts).
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 10 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10 },
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
  // Each intranet screen of the table, with the shell and the table: the longest key that fits wins.
  ...areaScreens(import.meta.dirname, 'intranet', INTRANET_TABLE),
  '/intranet/login': LOGIN,
  '/extranet/login': LOGIN,
  '/intranet': [...INTRANET, 'src/features/intranet/home/HomePage.tsx'],
  '/intranet/': INTRANET_TABLE,
  '/extranet': [...EXTRANET, 'src/features/extranet/home/ExtranetHomePage.tsx'],
  '/extranet/': EXTRANET_TABLE,
  '/extranet/contract/': [...EXTRANET, 'src/features/extranet/contract/ContractPage.tsx'],
  '/extranet/payment-return': [...EXTRANET_TABLE, 'src/features/extranet/payment/PaymentReturnPage.tsx'],
};

/**
 * The landings whose first load names the kits of shared code (build/chunk-groups.ts): what the
 * login loads (and so every screen after it), then each set of the signed-in landings.
 */
const kits: KitLandings = [
  ['login', ['/intranet/login', '/extranet/login']],
  ['intranet', ['/intranet']],
  ['extranet', ['/extranet']],
  ['contract', ['/extranet/contract/']],
];

/** What the landings load right after their first paint, in one kit of its own (build/chunk-groups.ts). */
const afterPaint = {
  name: 'after-paint',
  modules: [
    'src/app/intranet/IntranetHeader.tsx',
    'src/app/extranet/ExtranetHeader.tsx',
    'src/features/extranet/contact/ContactAgencyModal.tsx',
    'src/components/ConfirmModal.tsx',
  ],
};

export default defineConfig(async ({ command }) => ({
  plugins: [
    react(),
    themeVariables(),
    bootScript(import.meta.dirname, 'src/boot/early-requests.ts'),
    routePreload(landings),
    noChunkCycles(),
    mantineStyles(import.meta.dirname),
    precompress(),
  ],
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
        codeSplitting: {
          groups: [
            ...vendorGroups,
            ...(command === 'build' ? await kitGroups({ root: import.meta.dirname, landings, kits, later: afterPaint }) : []),
          ],
        },
      },
    },
  },
}));
