import {
  idParam,
  passkeyList,
  passkeyOptions,
  passkeyRegistered,
  passkeyRegistrationBody,
  passkeySignInBody,
  sessionTokens,
} from '@reseau/contracts';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { publicRoute, requireAuth } from '../../auth/guards.js';
import type { SubjectKind } from '../../db/schema/index.js';
import { authRateLimit, type ZApp } from '../../lib/http.js';
import { publicContext, requestContext } from '../../lib/request-context.js';
import { sessionDeviceOf } from '../auth/device.js';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  signInWithPasskey,
} from './service.js';

const tags = ['passkeys'];

/**
 * Passkeys (issue 27 §1–2): staff and customers add them to their own account, and sign in with
 * one alone. See docs/security.md "Passkeys".
 */
export const passkeysRoutes: Module = (app, deps) => {
  app.get(
    '/me/passkeys',
    {
      schema: { tags, summary: "Mes clés d'accès", response: { 200: passkeyList } },
      onRequest: requireAuth(),
    },
    async (request) => listPasskeys(requestContext(request, deps)),
  );

  app.post(
    '/me/passkeys/registration-options',
    {
      schema: {
        tags,
        summary: "Prépare l'ajout d'une clé d'accès (options WebAuthn et identifiant du défi, valable 5 minutes)",
        response: { 200: passkeyOptions },
      },
      onRequest: requireAuth(),
      config: authRateLimit(deps),
    },
    async (request) => registrationOptions(requestContext(request, deps)),
  );

  app.post(
    '/me/passkeys',
    {
      schema: {
        tags,
        summary: "Ajoute la clé d'accès créée par l'authentificateur en réponse au défi",
        description:
          '400 si la réponse ne se vérifie pas ou si le défi a expiré ; 409 au-delà de 10 clés ou pour une clé déjà enregistrée.',
        body: passkeyRegistrationBody,
        response: { 201: passkeyRegistered },
      },
      onRequest: requireAuth(),
      config: authRateLimit(deps),
    },
    async (request, reply) => reply.status(201).send(await registerPasskey(requestContext(request, deps), request.body)),
  );

  app.delete(
    '/me/passkeys/:id',
    {
      schema: {
        tags,
        summary: "Supprime une de mes clés d'accès",
        params: z.object({ id: idParam }),
        response: { 204: z.null() },
      },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      await removePasskey(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  registerSignIn(app, deps, 'admin', 'intranet');
  registerSignIn(app, deps, 'client', 'espace client');
};

/** The two calls of a passkey sign-in in one area: the challenge, then the answer that opens a session. */
function registerSignIn(app: ZApp, deps: AppDeps, kind: SubjectKind, areaName: string) {
  const guard = publicRoute('the passkey signs the challenge; limited per address; a challenge is spent once');
  app.post(
    `/auth/${kind}/passkey-options`,
    {
      schema: {
        tags,
        summary: `Connexion ${areaName} par clé d'accès : le défi à signer (valable 5 minutes)`,
        response: { 200: passkeyOptions },
      },
      onRequest: guard,
      config: authRateLimit(deps),
    },
    async (request) => signInOptions(publicContext(request, deps), kind),
  );
  app.post(
    `/auth/${kind}/passkey`,
    {
      schema: {
        tags,
        summary: `Connexion ${areaName} par clé d'accès seule`,
        description:
          "Les mêmes jetons que la connexion par mot de passe. 401 pour une clé inconnue, qui ne se vérifie pas, ou d'un compte désactivé ; 400 pour un défi expiré ou déjà utilisé.",
        body: passkeySignInBody,
        response: { 200: sessionTokens },
      },
      onRequest: guard,
      config: authRateLimit(deps),
    },
    async (request) => signInWithPasskey(publicContext(request, deps), kind, request.body, sessionDeviceOf(request)),
  );
}
