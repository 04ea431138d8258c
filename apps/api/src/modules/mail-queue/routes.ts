import { mailQueueItemParams, mailQueueState as mailQueueStateSchema } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { adminOf } from '../../auth/guards.js';
import { audit } from '../../kernel/audit.js';
import { requireSuperAdmin } from './policy.js';
import { mailQueueState, retryDeadJob, retryDeadMail } from './service.js';

const tags = ['mail-queue'];

/** The mail queue seen by role 1, so a failing SMTP is noticed before customers complain (issue 31 §3). */
export const mailQueueRoutes: Module = (app, deps) => {
  app.get(
    '/mail-queue',
    {
      schema: {
        tags,
        summary: "État de la file d'envoi des emails (rôle 1)",
        description:
          'Nombre de messages par état, tâches différées en attente, messages et tâches différées en échec avec la raison.',
        response: { 200: mailQueueStateSchema },
      },
      onRequest: requireSuperAdmin(),
    },
    async () => mailQueueState(deps),
  );

  app.post(
    '/mail-queue/:id(^\\d+)::retry',
    {
      schema: {
        tags,
        summary: 'Relance un email en échec définitif (rôle 1)',
        params: mailQueueItemParams,
        response: { 204: z.null() },
      },
      onRequest: requireSuperAdmin(),
    },
    async (request, reply) => {
      await retryDeadMail(deps, request.params.id);
      const admin = adminOf(request);
      await audit(deps.db, {
        action: 'mail.retried',
        actorAdminId: admin.impersonatedBy ?? admin.adminId,
        impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
        entity: 'mail_outbox',
        entityId: request.params.id,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/mail-queue/jobs/:id(^\\d+)::retry',
    {
      schema: {
        tags,
        summary: 'Relance une tâche différée en échec définitif (rôle 1)',
        description:
          "Demande de mot de passe oublié, emails d'un import… : la tâche repart pour une nouvelle série d'essais. 409 si elle n'est pas en échec définitif.",
        params: mailQueueItemParams,
        response: { 204: z.null() },
      },
      onRequest: requireSuperAdmin(),
    },
    async (request, reply) => {
      await retryDeadJob(deps, request.params.id);
      const admin = adminOf(request);
      await audit(deps.db, {
        action: 'job.retried',
        actorAdminId: admin.impersonatedBy ?? admin.adminId,
        impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
        entity: 'background_jobs',
        entityId: request.params.id,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
