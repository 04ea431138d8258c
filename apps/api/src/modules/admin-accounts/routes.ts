import { accountEmailParam, closePasswordResetBody, openPasswordResetBody } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { assertLinkToken } from '../../auth/tokens.js';
import { authRateLimit } from '../../lib/http.js';
import { publicContext } from '../../lib/request-context.js';
import { ADMIN_PASSWORD_RESET_JOB, closeAdminPasswordReset, openAdminPasswordReset, sendAdminPasswordReset } from './service.js';

const tags = ['admins'];
// Any text up to 128 characters: a cut or mistyped token is a dead link (`invalid_token`, as a
// used or expired one), never a validation message about its length (issue 25).
const tokenParam = z.object({ token: z.string().max(128) });

export const adminAccountRoutes: Module = (app, deps) => {
  deps.jobs.handle(ADMIN_PASSWORD_RESET_JOB, (payload, { jobId }) =>
    sendAdminPasswordReset(deps, String(payload.email), app.log, `job:${jobId}`),
  );
  app.post(
    '/admins/:email/open-password-reset',
    {
      schema: {
        tags,
        summary: 'Envoie le lien de réinitialisation (context reset) ou le lien de connexion (context init)',
        params: accountEmailParam,
        body: openPasswordResetBody,
        response: { 204: z.null() },
      },
      // `reset` is anyone's (forgotten password); `init` checks the caller in the service.
      onRequest: publicRoute('forgotten password for anyone; the connection link (init) is checked against the caller'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await openAdminPasswordReset(publicContext(request, deps), request.params.email, request.body.context);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admins/:token/close-password-reset',
    {
      schema: {
        tags,
        summary: 'Définit le mot de passe avec le lien reçu',
        params: tokenParam,
        body: closePasswordResetBody,
        response: { 204: z.null() },
      },
      onRequest: publicRoute('the single-use token of a mailed link is the credential'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      assertLinkToken(request.params.token);
      await closeAdminPasswordReset(publicContext(request, deps), request.params.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
