import type { Module } from '../lib/http.js';
import { healthRoutes } from './health/routes.js';
import { rolesRoutes } from './roles/routes.js';

/** Every domain's routes, registered under /api in this order. */
export const modules: Module[] = [healthRoutes, rolesRoutes];
