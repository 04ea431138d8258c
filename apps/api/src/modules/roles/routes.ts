import { z } from 'zod';
import { requireAuth } from '../../auth/guards.js';
import type { Module } from '../../lib/http.js';
import { listRoles } from './service.js';

const role = z.object({
  id: z.number().int(),
  name: z.string(),
  adminTypeId: z.number().int(),
  macroPermissions: z.array(z.object({ code: z.string() })),
});

export const rolesRoutes: Module = (app, deps) => {
  app.get(
    '/roles',
    {
      schema: { tags: ['roles'], summary: 'Rôles et leurs permissions', response: { 200: z.array(role) } },
      preHandler: requireAuth(),
    },
    async () => listRoles(deps.db),
  );
};
