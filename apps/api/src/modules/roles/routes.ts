import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAuth } from '../../auth/guards.js';

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
      onRequest: requireAuth(),
    },
    // A string body is sent as is (the schema above documents it). Not returned: a returned reply
    // makes Fastify wait for the response's end (lib/read-cache.ts).
    (_request, reply) => {
      reply.type('application/json').send(deps.roles.json as unknown as z.infer<typeof role>[]);
    },
  );
};
