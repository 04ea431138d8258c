import type { Module } from '../../app-deps.js';
import { RETENTION_INTERVAL_MS, runRetention } from './service.js';

/**
 * The retention that runs by itself (RGPD issue 28 §3): one daily job applies every period of the
 * contracts' RETENTION_PERIODS table (rules.ts). No route: the periods are read by the web app
 * from the contracts, on the privacy page.
 */
export const retentionRoutes: Module = (app, deps) => {
  deps.scheduler.every('retention', RETENTION_INTERVAL_MS, () => runRetention(deps, app.log));
};
