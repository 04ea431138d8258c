import type { Module } from '../lib/http.js';
import { adminAccountRoutes } from './admin-accounts/routes.js';
import { agenciesRoutes } from './agencies/routes.js';
import { authRoutes } from './auth/routes.js';
import { clientAccountRoutes } from './client-accounts/routes.js';
import { filesRoutes } from './files/routes.js';
import { healthRoutes } from './health/routes.js';
import { notificationsRoutes } from './notifications/routes.js';
import { rolesRoutes } from './roles/routes.js';

/** Every domain's routes, registered under /api in this order. */
export const modules: Module[] = [
  healthRoutes,
  authRoutes,
  adminAccountRoutes,
  clientAccountRoutes,
  rolesRoutes,
  agenciesRoutes,
  filesRoutes,
  notificationsRoutes,
];
