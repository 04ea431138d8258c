import { mailQueueItemParams, mailQueueState as mailQueueStateSchema } from '@reseau/contracts';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { adminOf } from '../../auth/guards.js';
import { audit, auditActor } from '../../kernel/audit.js';
import type { ZApp } from '../../lib/http.js';
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

  registerRetry(app, deps, {
    path: '/mail-queue/:id(^\\d+)::retry',
    summary: 'Relance un email en échec définitif (rôle 1)',
    description: "L'email repart pour une nouvelle série d'essais. 409 s'il n'est pas en échec définitif.",
    retry: retryDeadMail,
    action: 'mail.retried',
    entity: 'mail_outbox',
  });
  registerRetry(app, deps, {
    path: '/mail-queue/jobs/:id(^\\d+)::retry',
    summary: 'Relance une tâche différée en échec définitif (rôle 1)',
    description:
      "Demande de mot de passe oublié, emails d'un import… : la tâche repart pour une nouvelle série d'essais. 409 si elle n'est pas en échec définitif.",
    retry: retryDeadJob,
    action: 'job.retried',
    entity: 'background_jobs',
  });
};

/** A dead mail or a dead job retried by role 1, audited with who did it. */
function registerRetry(
  app: ZApp,
  deps: AppDeps,
  route: {
    path: string;
    summary: string;
    description: string;
    retry: (deps: AppDeps, id: number) => Promise<void>;
    action: string;
    entity: string;
  },
) {
  app.post(
    route.path,
    {
      schema: {
        tags,
        summary: route.summary,
        description: route.description,
        params: mailQueueItemParams,
        response: { 204: z.null() },
      },
      onRequest: requireSuperAdmin(),
    },
    async (request, reply) => {
      await route.retry(deps, request.params.id);
      await audit(deps.db, {
        action: route.action,
        ...auditActor(adminOf(request)),
        entity: route.entity,
        entityId: request.params.id,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
}
