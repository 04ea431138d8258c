import { loginBody, logoutBody, refreshBody, sessionTokens, signInAnswer } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { authRateLimit } from '../../lib/http.js';
import { publicContext } from '../../lib/request-context.js';
import { sessionDeviceOf } from './device.js';
import { signInAdmin, signInClient } from './service.js';
import { endSession, rotateRefreshToken } from './sessions.js';

const tags = ['auth'];
// Generous: every tab refreshes about every 15 minutes, but a stolen token must not be brute-forced.
const sessionRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const SIGN_IN_DESCRIPTION =
  'Compte sans double authentification : les jetons. Compte avec : `secondFactorChallenge`, à compléter par ' +
  'POST /auth/second-factor. Compte qui doit en avoir une et n’en a pas : `secondFactorSetupRequired`, ' +
  'à compléter par POST /auth/second-factor/totp-setup puis /auth/second-factor/totp-setup:confirm.';

export const authRoutes: Module = (app, deps) => {
  const signIn = publicRoute('the password in the body is the credential; limited per address and per account');
  app.post(
    '/auth/admin',
    {
      schema: {
        tags,
        summary: 'Connexion intranet',
        description: SIGN_IN_DESCRIPTION,
        body: loginBody,
        response: { 200: signInAnswer },
      },
      onRequest: signIn,
      config: authRateLimit(deps),
    },
    async (request) => signInAdmin(publicContext(request, deps), request.body, sessionDeviceOf(request)),
  );

  app.post(
    '/auth/client',
    {
      schema: {
        tags,
        summary: 'Connexion espace client',
        description: SIGN_IN_DESCRIPTION,
        body: loginBody,
        response: { 200: signInAnswer },
      },
      onRequest: signIn,
      config: authRateLimit(deps),
    },
    async (request) => signInClient(publicContext(request, deps), request.body, sessionDeviceOf(request)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Renouvelle la session (le jeton de rafraîchissement est remplacé)',
        body: refreshBody,
        response: { 200: sessionTokens },
      },
      onRequest: publicRoute('the refresh token in the body is the credential'),
      config: sessionRateLimit,
    },
    async (request) => rotateRefreshToken(deps, request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: "Déconnexion : termine la session du jeton d'accès et/ou du jeton de rafraîchissement",
        body: logoutBody.nullish(),
        response: { 204: z.null() },
      },
      onRequest: publicRoute('ends only the session of the tokens it is given'),
      config: sessionRateLimit,
    },
    // 204 whatever was sent: an unknown or already ended session is simply nothing to end.
    async (request, reply) => {
      await endSession(publicContext(request, deps), request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );
};
