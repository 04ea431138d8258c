import {
  accountEmailParam,
  changePasswordBody,
  closeEmailVerificationBody,
  closePasswordResetBody,
  openEmailChangeBody,
  openEmailVerificationBody,
  openPasswordResetBody,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute, requireClient } from '../../auth/guards.js';
import { assertLinkToken } from '../../auth/tokens.js';
import { authRateLimit } from '../../lib/http.js';
import { customerContext, publicContext } from '../../lib/request-context.js';
import {
  CLIENT_PASSWORD_RESET_JOB,
  changeClientPassword,
  closeClientPasswordReset,
  closeEmailVerification,
  openClientEmailChange,
  openClientPasswordReset,
  openEmailVerification,
  sendClientPasswordReset,
} from './service.js';

const tags = ['clients'];
// Custom colon methods: the parameter's regex stops it at the colon (see ARCHITECTURE.md).
// Any text up to 128 characters: a cut or mistyped token is a dead link (`invalid_token`, as a
// used or expired one), never a validation message about its length (issue 25).
const tokenParam = z.object({ token: z.string().max(128) });
const none = { 204: z.null() };
const byMailedToken = publicRoute('the single-use token of a mailed link is the credential');

/** The customer's account: the signed-in customer's password and address, then the mailed links. */
export const clientAccountRoutes: Module = (app, deps) => {
  deps.jobs.handle(CLIENT_PASSWORD_RESET_JOB, (payload, { jobId }) =>
    sendClientPasswordReset(deps, String(payload.email), app.log, `job:${jobId}`),
  );
  signedInClientRoutes(app, deps);
  emailVerificationRoutes(app, deps);
  passwordResetRoutes(app, deps);
};

/** What the signed-in customer changes, the current password asked each time. */
const signedInClientRoutes: Module = (app, deps) => {
  app.post(
    '/clients/me::change-password',
    {
      schema: {
        tags,
        summary: 'Change le mot de passe du client connecté (mot de passe actuel demandé)',
        body: changePasswordBody,
        response: none,
      },
      onRequest: requireClient(),
      // The current password is checked here: it must not be guessed at leisure.
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await changeClientPassword(customerContext(request, deps), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/clients/me::open-email-change',
    {
      schema: {
        tags,
        summary: "Change l'adresse email : 204 changée, 202 vérification envoyée à la nouvelle adresse",
        body: openEmailChangeBody,
        response: { 202: z.null(), 204: z.null() },
      },
      onRequest: requireClient(),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      const outcome = await openClientEmailChange(customerContext(request, deps), request.body);
      return reply.status(outcome === 'changed' ? 204 : 202).send(null);
    },
  );
};

/** First connection (opened by the address), and the verification link of any address (closed by its token). */
const emailVerificationRoutes: Module = (app, deps) => {
  app.post(
    '/clients/:email(^[^:/]+)::open-email-verification',
    {
      schema: {
        tags,
        summary: 'Première connexion : choisit le mot de passe et envoie le lien de vérification',
        params: accountEmailParam,
        body: openEmailVerificationBody,
        response: none,
      },
      onRequest: publicRoute('a first connection: mails a link to the address the agency gave'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await openEmailVerification(publicContext(request, deps), request.params.email, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/clients/:token(^[^:/]+)::close-email-verification',
    {
      schema: {
        tags,
        summary:
          "Valide l'adresse email (première connexion avec le mot de passe choisi, changement d'adresse du compte ou d'un contrat)",
        params: tokenParam,
        body: closeEmailVerificationBody,
        response: {
          200: z.object({
            purpose: z.enum(['email_verification', 'email_change', 'contract_email_change']),
            redirectUrl: z.string().nullable(),
            /** The account's new address, after an email change of the account. */
            emailAddress: z.string().optional(),
          }),
        },
      },
      onRequest: byMailedToken,
      config: authRateLimit(deps),
    },
    async (request) => {
      assertLinkToken(request.params.token);
      return closeEmailVerification(publicContext(request, deps), request.params.token, request.body?.password);
    },
  );
};

/** Forgotten password: the link is asked for by the address and followed with its token. */
const passwordResetRoutes: Module = (app, deps) => {
  app.post(
    '/clients/:email(^[^:/]+)::open-password-reset',
    {
      schema: {
        tags,
        summary: 'Envoie le lien de réinitialisation du mot de passe',
        params: accountEmailParam,
        body: openPasswordResetBody,
        response: none,
      },
      onRequest: publicRoute('forgotten password: the same answer for any address, the link goes to the mailbox'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await openClientPasswordReset(publicContext(request, deps), request.params.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/clients/:token(^[^:/]+)::close-password-reset',
    {
      schema: {
        tags,
        summary: 'Définit le mot de passe avec le lien reçu',
        params: tokenParam,
        body: closePasswordResetBody,
        response: none,
      },
      onRequest: byMailedToken,
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      assertLinkToken(request.params.token);
      await closeClientPasswordReset(publicContext(request, deps), request.params.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
