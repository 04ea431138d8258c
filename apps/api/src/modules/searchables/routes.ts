import {
  SEARCH_KEY_HEADER,
  SEARCH_MAX_HITS,
  searchApiKey,
  searchablesHeaders,
  searchablesList,
  searchablesQuery,
} from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { adminOf, asyncGuard, requireAdmin } from '../../auth/guards.js';
import { createSearchKeys } from '../../integrations/search/index.js';
import { errors } from '../../lib/errors.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { searchScopeOf } from './scope.js';

const tags = ['search'];

/**
 * Global search (spec 02 §7, ARCHITECTURE.md "search"): the intranet asks for a short-lived key
 * carrying the caller's read scope, then queries the index with it, as it would a hosted index.
 */
export const searchablesRoutes: Module = (app, deps) => {
  const keys = createSearchKeys(deps.config.JWT_SECRET);
  const index = deps.search;

  /**
   * The search key is the credential of GET /searchables: it names a staff session, resolved as an
   * access token of that session would be, so the key ends with the session and the caller's
   * current rights decide what is found.
   */
  const requireSearchKey = asyncGuard({ kind: 'search-key' }, async (request) => {
    const key = request.headers[SEARCH_KEY_HEADER];
    const session = typeof key === 'string' ? keys.verify(key) : null;
    const caller =
      session &&
      (await deps.callers.adminInSession(session.adminId, session.sessionId, session.impersonatedAdminId, request.log));
    if (!caller) throw errors.unauthenticated();
    request.principal = caller;
  });

  app.get(
    '/searchables::get-api-key',
    {
      schema: {
        tags,
        summary: 'Clé de recherche, valable 15 minutes',
        description:
          "Pour tout utilisateur de l'intranet (jamais un client). La clé porte ce que l'appelant peut lire ; l'application en redemande une toutes les 10 minutes.",
        response: { 200: searchApiKey },
      },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const admin = adminOf(request);
      // A session always stands behind a staff caller; none (a server-side flow) gets no key.
      if (admin.sessionId === null) throw errors.unauthenticated();
      const { apiKey, expiresAt } = keys.issue({
        adminId: admin.impersonatedBy ?? admin.adminId,
        sessionId: admin.sessionId,
        impersonatedAdminId: admin.impersonatedBy === null ? null : admin.adminId,
      });
      return { apiKey, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/searchables',
    {
      schema: {
        tags,
        summary: 'Recherche globale (actualités, documents, forums, annonces, offres)',
        description: `Authentifiée par la clé de GET /searchables:get-api-key dans l'en-tête \`${SEARCH_KEY_HEADER}\`, pas par le jeton de session ; la clé cesse avec la session qui l'a obtenue (déconnexion, compte archivé). Recherche plein texte en français, insensible aux accents : les correspondances les plus récentes (${SEARCH_MAX_HITS} au plus), classées par pertinence, 20 par page. Le \`metaId\` d'un résultat porte le préfixe de 2 lettres de son type.`,
        querystring: searchablesQuery,
        headers: searchablesHeaders,
        response: { 200: searchablesList },
      },
      onRequest: requireSearchKey,
    },
    async (request) => {
      const { query, ...page } = request.query;
      const { hits, totalCount } = await index.search({
        text: query,
        scope: searchScopeOf(adminOf(request)),
        limit: page.pageSize,
        offset: pageOffset(page),
      });
      return { searchables: hits, totalCount, pageCount: pageCount(totalCount, page) };
    },
  );
};
