import {
  confirmTotpBody,
  enrolledSession,
  idParams,
  recoveryCodes,
  secondFactorBody,
  secondFactorConfirmation,
  secondFactorStatus,
  sessionTokens,
  totpSetup,
  totpSetupBody,
  totpSetupConfirmBody,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute, requireAdmin, requireAuth } from '../../auth/guards.js';
import { authRateLimit } from '../../lib/http.js';
import { publicContext, requestContext, staffContext } from '../../lib/request-context.js';
import { sessionDeviceOf } from '../auth/device.js';
import { confirmOwnTotp, regenerateRecoveryCodes, removeOwnTotp, startOwnTotp, secondFactorStatus as statusOf } from './me.js';
import { resetSecondFactor } from './reset.js';
import { answerChallenge, confirmSetupAtSignIn, startSetupAtSignIn } from './sign-in.js';

const tags = ['auth'];
const none = { 204: z.null() };

/** The second step of a sign-in, the enrolment it may require, one's own factor, and the reset of a lost one. */
export const secondFactorRoutes: Module = (app, deps) => {
  signInStepRoutes(app, deps);
  ownFactorRoutes(app, deps);
  resetRoute(app, deps);
};

/** After the password (POST /auth/admin or /auth/client answered a challenge). */
const signInStepRoutes: Module = (app, deps) => {
  const challenge = publicRoute(
    'the challenge token of a sign-in whose password was right; throttled per account and per address',
  );
  app.post(
    '/auth/second-factor',
    {
      schema: {
        tags,
        summary: 'Connexion, seconde étape : code de l’application ou code de secours',
        body: secondFactorBody,
        response: { 200: sessionTokens },
      },
      onRequest: challenge,
      config: authRateLimit(deps),
    },
    async (request) => answerChallenge(publicContext(request, deps), request.body, sessionDeviceOf(request)),
  );

  app.post(
    '/auth/second-factor/totp-setup',
    {
      schema: {
        tags,
        summary: 'Connexion, ajout obligatoire d’une application d’authentification : le secret à scanner',
        body: totpSetupBody,
        response: { 200: totpSetup },
      },
      onRequest: challenge,
      config: authRateLimit(deps),
    },
    async (request) => startSetupAtSignIn(publicContext(request, deps), request.body.challengeToken),
  );

  app.post(
    '/auth/second-factor/totp-setup::confirm',
    {
      schema: {
        tags,
        summary: 'Connexion, ajout obligatoire : confirme avec un code, ouvre la session et donne les codes de secours',
        body: totpSetupConfirmBody,
        response: { 200: enrolledSession },
      },
      onRequest: challenge,
      config: authRateLimit(deps),
    },
    async (request) =>
      confirmSetupAtSignIn(
        publicContext(request, deps),
        request.body.challengeToken,
        request.body.code,
        sessionDeviceOf(request),
      ),
  );
};

/** The caller's own factor: "Sécurité du compte". */
const ownFactorRoutes: Module = (app, deps) => {
  app.get(
    '/me/second-factor',
    {
      schema: {
        tags,
        summary: 'Ma double authentification : active ou non, codes de secours restants',
        response: { 200: secondFactorStatus },
      },
      onRequest: requireAuth(),
    },
    async (request) => statusOf(requestContext(request, deps)),
  );

  app.post(
    '/me/second-factor/totp',
    {
      schema: {
        tags,
        summary: 'Commence l’ajout de mon application d’authentification (secret à scanner)',
        response: { 200: totpSetup },
      },
      onRequest: requireAuth(),
    },
    async (request) => startOwnTotp(requestContext(request, deps)),
  );

  app.post(
    '/me/second-factor/totp::confirm',
    {
      schema: {
        tags,
        summary: 'Active mon application d’authentification avec un code ; donne les codes de secours',
        body: confirmTotpBody,
        response: { 200: recoveryCodes },
      },
      onRequest: requireAuth(),
      config: authRateLimit(deps),
    },
    async (request) => confirmOwnTotp(requestContext(request, deps), request.body.code),
  );

  app.delete(
    '/me/second-factor/totp',
    {
      schema: {
        tags,
        summary: 'Retire mon application d’authentification (mot de passe ou code)',
        body: secondFactorConfirmation,
        response: none,
      },
      onRequest: requireAuth(),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await removeOwnTotp(requestContext(request, deps), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/second-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Remplace mes codes de secours (mot de passe ou code)',
        body: secondFactorConfirmation,
        response: { 200: recoveryCodes },
      },
      onRequest: requireAuth(),
      config: authRateLimit(deps),
    },
    async (request) => regenerateRecoveryCodes(requestContext(request, deps), request.body),
  );
};

/** A lost phone: role 1 for any staff account, a director for their adherent's users (policy.ts). */
const resetRoute: Module = (app, deps) => {
  app.post(
    '/admins/:id(^\\d+)/second-factor::reset',
    {
      schema: {
        tags,
        summary: 'Réinitialise la double authentification d’un utilisateur (téléphone perdu) ; il en est averti par email',
        params: idParams,
        response: none,
      },
      onRequest: requireAdmin(),
    },
    async (request, reply) => {
      await resetSecondFactor(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
