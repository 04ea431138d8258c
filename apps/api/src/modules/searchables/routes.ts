import {
  SEARCH_KEY_HEADER,
  SEARCH_MAX_HITS,
  searchApiKey,
  searchablesHeaders,
  searchablesList,
  searchablesQuery,
} from '@reseau/contracts';
import { adminOf, requireAdmin } from '../../auth/guards.js';
import { createSearchKeys } from '../../integrations/search/index.js';
import { errors } from '../../lib/errors.js';
import type { Module } from '../../lib/http.js';
import { searchScopeOf } from './scope.js';

const tags = ['search'];

/**
 * Global search (spec 02 §7, ARCHITECTURE.md "search"): the intranet asks for a short-lived key
 * carrying the caller's read scope, then queries the index with it, as it would a hosted index.
 */
export const searchablesRoutes: Module = (app, deps) => {
  const keys = createSearchKeys(deps.config.JWT_SECRET);
  const index = deps.search;

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
      preHandler: requireAdmin(),
    },
    async (request) => {
      const { apiKey, expiresAt } = keys.issue(searchScopeOf(adminOf(request)));
      return { apiKey, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/searchables',
    {
      schema: {
        tags,
        summary: 'Recherche globale (actualités, documents, forums, annonces, offres)',
        description: `Authentifiée par la clé de GET /searchables:get-api-key dans l'en-tête \`${SEARCH_KEY_HEADER}\`, pas par le jeton de session. Recherche plein texte en français, insensible aux accents : les correspondances les plus récentes (${SEARCH_MAX_HITS} au plus), classées par pertinence, 20 par page. Le \`metaId\` d'un résultat porte le préfixe de 2 lettres de son type.`,
        querystring: searchablesQuery,
        headers: searchablesHeaders,
        response: { 200: searchablesList },
      },
    },
    async (request) => {
      const { query, pageNumber, pageSize } = request.query;
      const key = request.headers[SEARCH_KEY_HEADER];
      const scope = typeof key === 'string' ? keys.verify(key) : null;
      if (!scope) throw errors.unauthenticated();
      const { hits, totalCount } = await index.search({
        text: query,
        scope,
        limit: pageSize,
        offset: (pageNumber - 1) * pageSize,
      });
      return { searchables: hits, totalCount, pageCount: Math.ceil(totalCount / pageSize) };
    },
  );
};
