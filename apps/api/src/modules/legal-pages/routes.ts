import { legalPage, legalPageBody, legalPageParams } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute } from '../../auth/guards.js';
import { publicContext, staffContext } from '../../lib/request-context.js';
import { requireLegalPageEditor } from './policy.js';
import { getLegalPage, saveLegalPage } from './service.js';

const tags = ['legal-pages'];
const SLUGS = 'Pages : mentions-legales, politique-de-confidentialite, declaration-accessibilite ; toute autre : 404.';

/** The public legal pages (RGPD issue 28 §4): read by anyone, edited by role 1. */
export const legalPagesRoutes: Module = (app, deps) => {
  app.get(
    '/legal-pages/:slug',
    {
      schema: {
        tags,
        summary: 'Une page légale : mentions légales, politique de confidentialité, déclaration d’accessibilité',
        description: `Le texte enregistré par le rôle 1, ou le texte par défaut (isDefault). ${SLUGS}`,
        params: legalPageParams,
        response: { 200: legalPage },
      },
      onRequest: publicRoute('public legal texts, the same for everyone; nothing personal'),
    },
    async (request) => getLegalPage(publicContext(request, deps), request.params.slug),
  );

  app.put(
    '/legal-pages/:slug',
    {
      schema: {
        tags,
        summary: 'Modifie une page légale (rôle 1)',
        description: `Texte enrichi nettoyé à l'enregistrement, sans image ; inscrit au journal d'audit. ${SLUGS}`,
        params: legalPageParams,
        body: legalPageBody,
        response: { 204: z.null() },
      },
      onRequest: requireLegalPageEditor(),
    },
    async (request, reply) => {
      await saveLegalPage(staffContext(request, deps), request.params.slug, request.body);
      return reply.status(204).send(null);
    },
  );
};
