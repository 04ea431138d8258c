import { loginBody, refreshBody, sessionTokens } from '@reseau/contracts';
import type { Module } from '../../lib/http.js';
import { authRateLimit } from '../../lib/http.js';
import { signInAdmin, signInClient } from './service.js';
import { rotateRefreshToken } from './sessions.js';

const tags = ['auth'];

export const authRoutes: Module = (app, deps) => {
  app.post(
    '/auth/admin',
    {
      schema: { tags, summary: 'Connexion intranet', body: loginBody, response: { 200: sessionTokens } },
      config: authRateLimit(deps),
    },
    async (request) => signInAdmin(deps, request.body, request.ip),
  );

  app.post(
    '/auth/client',
    {
      schema: { tags, summary: 'Connexion espace client', body: loginBody, response: { 200: sessionTokens } },
      config: authRateLimit(deps),
    },
    async (request) => signInClient(deps, request.body, request.ip),
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
      // Generous: every tab refreshes about every 15 minutes, but a stolen token must not be brute-forced.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => rotateRefreshToken(deps, request.body.refreshToken),
  );
};
